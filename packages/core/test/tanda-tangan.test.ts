import { describe, expect, it } from 'vitest';
import {
  formatNilai,
  hariDi,
  hariTandaTangan,
  hariWib,
  perluKonfirmasi,
  type SahkanRingkasan,
  sebelumHariUjian,
} from '../src';

// Numbers on paper and the signing day of the documents (docs/decisions/110, 111).

describe('formatNilai', () => {
  it('prints a decimal comma, at most two decimals, no trailing zeros', () => {
    expect(formatNilai(79.1666)).toBe('79,17');
    expect(formatNilai(80)).toBe('80');
    expect(formatNilai(72.5)).toBe('72,5');
    expect(formatNilai(0.005)).toBe('0,01');
  });
});

describe('the signing day', () => {
  const satuHari = { tanggal_tes: '2026-11-28', akhir_tes: null };
  const duaHari = { tanggal_tes: '2026-11-28', akhir_tes: '2026-11-29' };

  it('reads instants in WIB: 17:00 UTC is already the next day', () => {
    expect(hariWib('2026-11-24T16:59:59.000Z')).toBe('2026-11-24');
    expect(hariWib('2026-11-24T17:00:00.000Z')).toBe('2026-11-25');
  });

  it('reads instants in the organisation zone: WITA an hour, WIT two hours ahead of WIB', () => {
    expect(hariDi('2026-11-24T15:59:59.000Z', 'WITA')).toBe('2026-11-24');
    expect(hariDi('2026-11-24T16:00:00.000Z', 'WITA')).toBe('2026-11-25');
    expect(hariDi('2026-11-24T15:00:00.000Z', 'WIT')).toBe('2026-11-25');
    expect(hariDi('2026-11-24T16:30:00.000Z')).toBe('2026-11-24');
    expect(hariTandaTangan('2026-12-01T16:30:00.000Z', new Date(), satuHari, 'WITA')).toBe('2026-12-02');
    expect(hariTandaTangan('2026-12-01T16:30:00.000Z', new Date(), satuHari, 'WIB')).toBe('2026-12-01');
  });

  it('is the ratification day, never before the last exam day', () => {
    // Ratified three days early: signed on the exam day.
    expect(hariTandaTangan('2026-11-25T03:00:00.000Z', new Date(), satuHari)).toBe('2026-11-28');
    // On the first of two days: signed on the second.
    expect(hariTandaTangan('2026-11-28T10:00:00.000Z', new Date(), duaHari)).toBe('2026-11-29');
    // Ratified after the exam: that day.
    expect(hariTandaTangan('2026-12-01T03:00:00.000Z', new Date(), satuHari)).toBe('2026-12-01');
    // A DRAF is dated today, with the same floor.
    expect(hariTandaTangan(null, '2026-11-20T03:00:00.000Z', satuHari)).toBe('2026-11-28');
    expect(hariTandaTangan(null, '2026-12-02T03:00:00.000Z', satuHari)).toBe('2026-12-02');
  });

  it('counts the exam as ahead until its last day starts in WIB', () => {
    expect(sebelumHariUjian('2026-11-27T16:59:00.000Z', satuHari)).toBe(true);
    expect(sebelumHariUjian('2026-11-27T17:00:00.000Z', satuHari)).toBe(false);
    expect(sebelumHariUjian('2026-11-28T12:00:00.000Z', duaHari)).toBe(true);
  });

  it("counts it in the organisation's zone: WIT's day starts two hours before WIB's", () => {
    expect(sebelumHariUjian('2026-11-27T15:30:00.000Z', satuHari, 'WIB')).toBe(true);
    expect(sebelumHariUjian('2026-11-27T15:30:00.000Z', satuHari, 'WIT')).toBe(false);
  });
});

describe('perluKonfirmasi', () => {
  const fine: SahkanRingkasan = {
    disahkan: false,
    peserta: 36,
    lengkap: 36,
    belum_lengkap: 0,
    lulus: 30,
    tidak_lulus: 6,
    mundur: 1,
    tertunda: { hp: 0, nilai: 0 },
    hari_terakhir_ujian: '2026-11-28',
    sebelum_hari_ujian: false,
    tanggal_tanda_tangan: '2026-11-28',
    zona_waktu: 'WIB',
    alasan_lebih_awal: null,
  };
  it('asks when anything is incomplete or unsent, and only then', () => {
    expect(perluKonfirmasi(fine)).toBe(false);
    expect(perluKonfirmasi({ ...fine, belum_lengkap: 34, lengkap: 2 })).toBe(true);
    expect(perluKonfirmasi({ ...fine, tertunda: { hp: 1, nilai: 3 } })).toBe(true);
    // An exam day ahead is not ticked away: it needs "Sahkan lebih awal" with a reason.
    expect(perluKonfirmasi({ ...fine, sebelum_hari_ujian: true })).toBe(false);
  });
});
