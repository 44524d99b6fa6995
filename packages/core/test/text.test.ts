import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  formatClock,
  formatNilai,
  formatNilaiKolom,
  formatScore,
  formatTanggal,
  nomorWa,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  PHONE_PREFIX,
} from '../src';

describe('Indonesian dates', () => {
  it('writes a single day in long form', () => {
    expect(formatTanggal('2026-11-21')).toBe('21 November 2026');
    expect(formatTanggal('2026-01-05', '2026-01-05')).toBe('5 Januari 2026');
    expect(formatTanggal('2026-08-17T00:00:00Z')).toBe('17 Agustus 2026');
  });

  it('writes a range when the end differs', () => {
    expect(formatTanggal('2026-05-30', '2026-06-01')).toBe('30 Mei 2026 - 1 Juni 2026');
    expect(formatTanggal('2026-02-01', null)).toBe('1 Februari 2026');
  });

  it('names every month in Indonesian', () => {
    const months = Array.from({ length: 12 }, (_, i) =>
      formatTanggal(`2026-${String(i + 1).padStart(2, '0')}-01`),
    );
    expect(months.map((m) => m.split(' ')[1])).toEqual([
      'Januari',
      'Februari',
      'Maret',
      'April',
      'Mei',
      'Juni',
      'Juli',
      'Agustus',
      'September',
      'Oktober',
      'November',
      'Desember',
    ]);
  });
});

describe('phone numbers and codes', () => {
  it('strips every non-digit as typed', () => {
    expect(digitsOnly('0812-3456 78a9')).toBe('08123456789');
  });

  it('writes a stored number one way on every page and paper: +62 813-1111-0004', () => {
    expect(nomorWa('6281311110004')).toBe('+62 813-1111-0004');
    expect(nomorWa('628123456789')).toBe('+62 812-3456-789');
  });

  it('uses a fixed +62 prefix, 4-digit codes and a 60 s resend countdown', () => {
    expect(PHONE_PREFIX).toBe('+62');
    expect(OTP_LENGTH).toBe(4);
    expect(OTP_RESEND_SECONDS).toBe(60);
  });
});

describe('score and clock display', () => {
  it('shows scores with two decimals and a decimal comma, on every screen', () => {
    expect(formatScore(75.5)).toBe('75,50');
    expect(formatScore(81.666)).toBe('81,67');
    expect(formatScore(68)).toBe('68,00');
    expect(formatScore(1.005)).toBe('1,01');
  });

  it('shows a score cell of the console and of paper with the same two decimals, and – when not scored', () => {
    expect([78.1, 73.333, 75, 81.61].map(formatNilaiKolom)).toEqual(['78,10', '73,33', '75,00', '81,61']);
    expect(formatNilaiKolom(0)).toBe('0,00');
    expect(formatNilaiKolom(null)).toBe('–');
    expect(formatNilaiKolom(undefined)).toBe('–');
  });

  it('writes a number inside a sentence without trailing zeros', () => {
    expect([48.5, 60, 79.166].map(formatNilai)).toEqual(['48,5', '60', '79,17']);
  });

  it('shows clocks as MM:SS', () => {
    expect(formatClock(300)).toBe('05:00');
    expect(formatClock(61)).toBe('01:01');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-3)).toBe('00:00');
  });
});
