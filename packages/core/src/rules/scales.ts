/** Scores a sambung or KSHAN answer can get: 50 to 90 in steps of 5 (SPEC §5). */
export const SAMBUNG_SCALE: readonly number[] = [50, 55, 60, 65, 70, 75, 80, 85, 90];

/** The KSHAN scale is the sambung scale (SPEC §9). */
export const KSHAN_SCALE = SAMBUNG_SCALE;

/** Every value the KSHAN score can take: the half-sum of two scale scores, unanswered counting 0. */
export const KSHAN_VALUES: readonly number[] = [
  ...new Set([0, ...KSHAN_SCALE].flatMap((a) => [0, ...KSHAN_SCALE].map((b) => (a + b) / 2))),
].sort((a, b) => a - b);

/** Score buttons of forms, gymnastics and dagger rows (SPEC §5); the draw exams' items use them too. */
export const ROW_SCALE: readonly number[] = [50, 55, 60, 70, 80];

/** The examiner's extra score: a whole number 0 to 5 (SPEC §5). */
export const BONUS_MIN = 0;
export const BONUS_MAX = 5;

/** True when a value is an allowed extra score: an integer from 0 to 5. */
export function isValidBonus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= BONUS_MIN && value <= BONUS_MAX;
}

/**
 * Reads what was typed into an extra-score field: a whole number 0–5, or null when the input
 * must be ignored (SPEC §5: other input is ignored).
 */
export function parseBonus(input: string): number | null {
  const text = input.trim();
  if (!/^\d$/.test(text)) return null;
  const value = Number(text);
  return isValidBonus(value) ? value : null;
}
