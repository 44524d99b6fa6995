/** Rounds to two decimals, the precision scores are stored and shown with. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/**
 * A score as the examiner's phone shows it, in exam screens, result dialogs and the hub alike: two
 * decimals and an Indonesian decimal comma ('80,00', '72,50'; docs/decisions/127).
 */
export function formatScore(value: number): string {
  return round2(value).toFixed(2).replace('.', ',');
}

/** Formats whole seconds as MM:SS for the exam clocks. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/**
 * A number as Indonesian paper and the console print it: a decimal comma, at most two decimals,
 * no trailing zeros ('79,17', '80', '72,5'). Every document and the recap use this one.
 */
export function formatNilai(value: number): string {
  return String(round2(value)).replace('.', ',');
}
