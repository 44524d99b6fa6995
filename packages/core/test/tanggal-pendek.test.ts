import { describe, expect, it } from 'vitest';
import { BULAN_PENDEK, formatTanggalPendek } from '../src/rules/dates';

describe("an event's days, short", () => {
  it.each([
    ['2026-12-12', null, '12 Des 2026'],
    ['2026-12-12', '2026-12-12', '12 Des 2026'],
    ['2026-12-12', '2026-12-13', '12–13 Des 2026'],
    ['2026-11-28', '2026-12-02', '28 Nov – 2 Des 2026'],
    ['2026-12-30', '2027-01-02', '30 Des 2026 – 2 Jan 2027'],
    ['2026-08-17T00:00:00.000Z', undefined, '17 Agu 2026'],
    ['bukan tanggal', null, 'bukan tanggal'],
  ])('%s to %s: %s', (start, end, want) => {
    expect(formatTanggalPendek(start, end)).toBe(want);
  });

  it('names every month as Indonesian calendars abbreviate them', () => {
    expect(BULAN_PENDEK).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'Mei',
      'Jun',
      'Jul',
      'Agu',
      'Sep',
      'Okt',
      'Nov',
      'Des',
    ]);
  });
});
