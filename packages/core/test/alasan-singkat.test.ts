import { describe, expect, it } from 'vitest';
import {
  alasanSingkat,
  applyPassRule,
  defaultPassRule,
  KOMPONEN,
  type KomponenKey,
  type KomponenScores,
  type PassRule,
} from '../src';

const SEMUA = KOMPONEN.map((k) => k.key);
const all = (value: number | null): KomponenScores => Object.fromEntries(SEMUA.map((k) => [k, value]));
const ruleOf = (komponen: PassRule['komponen']): PassRule => ({ ...defaultPassRule(1), komponen });

/** The short reasons of a participant with these scores under this rule, as the recap would read them. */
const singkat = (rule: PassRule, nilai: KomponenScores) => {
  const { status, alasan } = applyPassRule(rule, nilai);
  const komponen = rule.komponen.filter((k) => k.bobot > 0).map((k) => k.key);
  return alasanSingkat({ status, nilai, alasan }, komponen);
};

describe('short reasons, the same on the Rekap page and on paper', () => {
  it('says "semua komponen" when nothing is scored, not one line per component', () => {
    expect(singkat(defaultPassRule(1), all(null))).toBe('Belum dinilai: semua komponen');
    expect(singkat(defaultPassRule(1), {})).toBe('Belum dinilai: semua komponen');
  });

  it('names the missing components in recap order, by their recap names', () => {
    const nilai = { ...all(80), toyak_senam: null, senam: null, sambung: undefined };
    expect(singkat(defaultPassRule(1), nilai)).toBe('Belum dinilai: SENAM, SENAM TOYAK, SAMBUNG');
  });

  it('counts only the components the rule counts', () => {
    const rule = ruleOf([
      { key: 'jurus', bobot: 1, minimum: null },
      { key: 'fisik', bobot: 1, minimum: null },
      { key: 'keshan', bobot: 0, minimum: null },
    ]);
    expect(singkat(rule, { jurus: 70 })).toBe('Belum dinilai: FISIK');
    expect(singkat(rule, {})).toBe('Belum dinilai: semua komponen');
  });

  it("gives the rule's own reasons for a participant who did not pass, in one line", () => {
    const rule = ruleOf(SEMUA.map((key) => ({ key, bobot: 1, minimum: key === 'fisik' ? 50 : null })));
    expect(singkat(rule, { ...all(55), fisik: 48.5 })).toBe('FISIK 48,5 < 50; Nilai akhir 54,41 < 60');
    expect(singkat(rule, { ...all(70), fisik: 48.5 })).toBe('FISIK 48,5 < 50');
  });

  it('is empty for a participant who passed or withdrew', () => {
    expect(singkat(defaultPassRule(1), all(80))).toBe('');
    const komponen: KomponenKey[] = ['jurus'];
    expect(alasanSingkat({ status: 'Mundur', nilai: {}, alasan: [] }, komponen)).toBe('');
  });
});
