import type { Belt } from './belts';
import { round2 } from './numbers';
import { range } from './random';

/** Pair levels (SPEC §3): pairs 1–4 level 1, 5–10 level 2, 11–20 level 3, 21–35 level 4. */
const PASANG_LEVEL_LAST = [4, 10, 20, 35] as const;

/** Minutes on the pasang clock per belt (SPEC §9). */
const PASANG_MINUTES: Record<Belt, number> = { 1: 2, 2: 2, 3: 3, 4: 5, 5: 5 };

/** The base every pasang score starts from, and the points spread over the pairs (SPEC §9). */
export const PASANG_BASE = 50;
export const PASANG_POINTS = 30;

/** The level (1–4) of a pair number 1–35. */
export function pasangLevel(id_pasang: number): 1 | 2 | 3 | 4 {
  const index = PASANG_LEVEL_LAST.findIndex((last) => id_pasang <= last);
  if (id_pasang < 1 || index < 0) throw new RangeError(`Pasang tidak dikenal: ${id_pasang}`);
  return (index + 1) as 1 | 2 | 3 | 4;
}

/** The pairs a belt answers (belt n: levels 1..n, belt 5 all) and its clock (SPEC §9). */
export function pasangForBelt(belt: Belt): { pairs: number[]; minutes: number; seconds: number } {
  const last = PASANG_LEVEL_LAST[Math.min(belt, 4) - 1] as number;
  const minutes = PASANG_MINUTES[belt];
  return { pairs: range(1, last), minutes, seconds: minutes * 60 };
}

/** The pasang result as it is posted: nilai_pasang = base + earned + bonus, nilai_pasang_plus = bonus. */
export interface PasangScore {
  base: number;
  earned: number;
  bonus: number;
  nilai_pasang: number;
  nilai_pasang_plus: number;
}

/**
 * Scores a pasang test (SPEC §9): 30 points spread evenly over the belt's pairs times the correct
 * count (belt 5 earns 0), plus the base 50 and the examiner's bonus 0–5.
 */
export function pasangScore(input: { belt: Belt; correct: number; bonus: number }): PasangScore {
  const total = pasangForBelt(input.belt).pairs.length;
  if (!Number.isInteger(input.correct) || input.correct < 0 || input.correct > total) {
    throw new RangeError(`Jumlah benar harus 0 sampai ${total}`);
  }
  const earned = input.belt === 5 ? 0 : round2((PASANG_POINTS / total) * input.correct);
  return {
    base: PASANG_BASE,
    earned,
    bonus: input.bonus,
    nilai_pasang: round2(PASANG_BASE + earned + input.bonus),
    nilai_pasang_plus: input.bonus,
  };
}
