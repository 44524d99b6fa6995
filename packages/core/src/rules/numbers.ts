/** Rounds to two decimals, the precision scores are stored and shown with. */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Decimals of every score shown in a column or on an exam screen (docs/decisions/127, 144). */
export const DESIMAL_NILAI = 2;

/**
 * A score as every column shows it: on the examiner's phone, in the console's tables, in exports
 * and on paper alike, two decimals and an Indonesian decimal comma ('80,00', '72,50'), so the
 * commas of a column line up (docs/decisions/127, 144).
 */
export function formatScore(value: number): string {
  return round2(value).toFixed(DESIMAL_NILAI).replace('.', ',');
}

/** A score cell of a table, export or PDF: '–' when not scored (never 0), else `formatScore`. */
export function formatNilaiKolom(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : formatScore(value);
}

/** Formats whole seconds as MM:SS for the exam clocks. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/**
 * A number inside a sentence: a decimal comma, at most two decimals, no trailing zeros ('79,17',
 * '80', '72,5'), as the pass rule's reasons ('FISIK 48,5 < 50') and its description ('nilai akhir
 * minimal 60') write it. A score in a column is `formatScore` (docs/decisions/144).
 */
export function formatNilai(value: number): string {
  return String(round2(value)).replace('.', ',');
}
