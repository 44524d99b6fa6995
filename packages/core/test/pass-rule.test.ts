import { describe, expect, it } from 'vitest';
import {
  applyPassRule,
  defaultPassRule,
  KOMPONEN,
  type KomponenScores,
  type PassRule,
  PassRuleSchema,
  predikatOf,
  rekapResult,
} from '../src';

const all = (value: number): KomponenScores => Object.fromEntries(KOMPONEN.map((k) => [k.key, value]));
const rule = (over: Partial<PassRule> = {}): PassRule => ({ ...defaultPassRule(1), ...over });
const only = (
  ...parts: [PassRule['komponen'][number]['key'], number, number | null][]
): PassRule['komponen'] => parts.map(([key, bobot, minimum]) => ({ key, bobot, minimum }));

describe('pass rule (DESIGN §10)', () => {
  it('by default counts every component equally, needs 60, and passes a complete set at 60', () => {
    const r = defaultPassRule(3);
    expect(r.komponen.map((k) => k.key)).toEqual(KOMPONEN.map((k) => k.key));
    expect(r.komponen.every((k) => k.bobot === 1 && k.minimum === null)).toBe(true);
    expect(r.nilai_minimum).toBe(60);
    expect(applyPassRule(r, all(60))).toEqual({
      nilai_akhir: 60,
      predikat: 'Sedang',
      status: 'Lulus',
      alasan: [],
    });
    expect(PassRuleSchema.parse(r)).toEqual(r);
  });

  it('fails below the minimum final score, saying so', () => {
    const result = applyPassRule(rule(), all(59.99));
    expect(result).toMatchObject({ nilai_akhir: 59.99, status: 'Tidak Lulus', predikat: 'Sedang' });
    expect(result.alasan).toEqual(['Nilai akhir 59,99 < 60']);
  });

  it('weighs components: FISIK twice as much as KESHAN', () => {
    const r = rule({ komponen: only(['keshan', 1, null], ['fisik', 2, null]) });
    // (1 × 90 + 2 × 60) / 3 = 70
    expect(applyPassRule(r, { keshan: 90, fisik: 60 })).toMatchObject({ nilai_akhir: 70, status: 'Lulus' });
    // (1 × 60 + 2 × 90) / 3 = 80
    expect(applyPassRule(r, { keshan: 60, fisik: 90 }).nilai_akhir).toBe(80);
  });

  it('rounds the weighted average to two decimals', () => {
    const r = rule({ komponen: only(['keshan', 1, null], ['jurus', 1, null], ['fisik', 1, null]) });
    expect(applyPassRule(r, { keshan: 70, jurus: 71, fisik: 71 }).nilai_akhir).toBe(70.67);
  });

  it('fails a component below its minimum even with a good final score, with every reason', () => {
    const r = rule({ komponen: only(['keshan', 1, null], ['fisik', 1, 50], ['sambung', 1, 70]) });
    const result = applyPassRule(r, { keshan: 100, fisik: 48, sambung: 65 });
    expect(result.nilai_akhir).toBe(71);
    expect(result.status).toBe('Tidak Lulus');
    expect(result.alasan).toEqual(['FISIK 48 < 50', 'SAMBUNG 65 < 70']);
    expect(applyPassRule(r, { keshan: 100, fisik: 50, sambung: 70 }).status).toBe('Lulus');
  });

  it('is Belum lengkap while a counted component is unscored, naming each, and never counts it as 0', () => {
    const r = rule({ komponen: only(['keshan', 1, null], ['fisik', 1, null], ['sambung', 1, null]) });
    expect(applyPassRule(r, { keshan: 90, fisik: null })).toEqual({
      nilai_akhir: null,
      predikat: null,
      status: 'Belum lengkap',
      alasan: ['FISIK belum dinilai', 'SAMBUNG belum dinilai'],
    });
    // A real 0 is a score (KESHAN with no right answer).
    expect(applyPassRule(r, { keshan: 0, fisik: 90, sambung: 90 })).toMatchObject({
      nilai_akhir: 60,
      status: 'Lulus',
    });
  });

  it('ignores components the rule does not count, and a component weighted 0', () => {
    const r = rule({ komponen: only(['keshan', 1, null], ['toyak_senam', 0, null]) });
    expect(applyPassRule(r, { keshan: 80 })).toMatchObject({ nilai_akhir: 80, status: 'Lulus' });
  });

  it.each([
    [0, 'Kurang'],
    [50, 'Kurang'],
    [50.01, 'Sedang'],
    [51, 'Sedang'],
    [60, 'Sedang'],
    [61, 'Cukup Baik'],
    [70, 'Cukup Baik'],
    [71, 'Baik'],
    [80, 'Baik'],
    [81, 'Memuaskan'],
    [90, 'Memuaskan'],
    [91, 'Sangat Memuaskan'],
    [100, 'Sangat Memuaskan'],
  ])('puts %s in the band %s', (nilai, band) => {
    expect(predikatOf(rule(), nilai)).toBe(band);
    expect(applyPassRule(rule({ komponen: only(['fisik', 1, null]) }), { fisik: nilai }).predikat).toBe(band);
  });

  it('refuses a rule that cannot be applied', () => {
    const bad = (over: Record<string, unknown>) =>
      PassRuleSchema.safeParse({ ...defaultPassRule(1), ...over }).success;
    expect(bad({ komponen: [] })).toBe(false);
    expect(bad({ komponen: only(['fisik', 1, null], ['fisik', 1, null]) })).toBe(false);
    expect(bad({ komponen: only(['fisik', 0, null]) })).toBe(false);
    expect(bad({ nilai_minimum: 101 })).toBe(false);
    expect(
      bad({
        predikat: [
          { sampai: 60, nama: 'A' },
          { sampai: 50, nama: 'B' },
        ],
      }),
    ).toBe(false);
    expect(bad({ predikat: [{ sampai: 90, nama: 'A' }] })).toBe(false);
    expect(bad({ komponen: [{ key: 'lari', bobot: 1, minimum: null }] })).toBe(false);
    expect(bad({})).toBe(true);
  });

  it('stands a withdrawn participant as Mundur whatever was scored; others by the rule', () => {
    const mundur = { nilai_akhir: null, predikat: null, status: 'Mundur', alasan: [] };
    expect(rekapResult(rule(), all(90), true)).toEqual(mundur);
    expect(rekapResult(rule(), {}, true)).toEqual(mundur);
    expect(rekapResult(rule(), all(90), false)).toEqual(applyPassRule(rule(), all(90)));
    expect(rekapResult(rule(), { fisik: 70 }, false).status).toBe('Belum lengkap');
  });
});
