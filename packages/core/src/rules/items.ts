import type { Belt } from './belts';
import type { Undian } from './nilai-kolom';
import { round2 } from './numbers';
import { pickDistinct, type Rng, range } from './random';

/** One scored row of the forms, gymnastics, dagger and draw exam screens. */
export interface ExamItem {
  /** The item's number: id_jurus for forms, id_senam for the others (SPEC §3). */
  id: number;
  /** The row label, e.g. 'JURUS 3A', 'Senam 12', 'Belati 4'. */
  label: string;
}

/** Seconds on each row's timer (SPEC §9): 15 for forms, 20 for gymnastics and dagger. */
export const ROW_SECONDS = { jurus: 15, senam: 20, belati: 20 } as const;

/** The forms' tingkat ranges (SPEC §3): 1–10 tingkat 1, 11–22 tingkat 2, 23–38 tingkat 3, 39–60 tingkat 4. */
const JURUS_TINGKAT_LAST = [10, 22, 38, 60] as const;

/** The tingkat (1–4) a form number 1–60 belongs to. */
export function jurusTingkat(id_jurus: number): 1 | 2 | 3 | 4 {
  const index = JURUS_TINGKAT_LAST.findIndex((last) => id_jurus <= last);
  if (id_jurus < 1 || index < 0) throw new RangeError(`Jurus tidak dikenal: ${id_jurus}`);
  return (index + 1) as 1 | 2 | 3 | 4;
}

/** The label of a form: each jurus number has an A and a B side, so 1 → 'JURUS 1A', 2 → 'JURUS 1B'. */
export function jurusLabel(id_jurus: number): string {
  return `JURUS ${Math.ceil(id_jurus / 2)}${id_jurus % 2 === 1 ? 'A' : 'B'}`;
}

/** Exam minutes of the forms test per belt (SPEC §9). */
const JURUS_MINUTES: Record<Belt, number> = { 1: 3, 2: 5, 3: 7, 4: 10, 5: 10 };

/** The forms a belt is tested on and the test's minutes (SPEC §9): belt n takes tingkat 1..n, belt 5 all. */
export function jurusForBelt(belt: Belt): { items: (ExamItem & { id_tingkat: number })[]; minutes: number } {
  const last = JURUS_TINGKAT_LAST[Math.min(belt, 4) - 1] as number;
  const items = range(1, last).map((id) => ({ id, label: jurusLabel(id), id_tingkat: jurusTingkat(id) }));
  return { items, minutes: JURUS_MINUTES[belt] };
}

/** How many gymnastics routines a belt draws from each ten-number group A–I (SPEC §9). */
export const SENAM_DRAWS: Record<Belt, readonly number[]> = {
  1: [5, 5, 5],
  2: [1, 2, 2, 5, 5, 5],
  3: [2, 2, 3, 3, 4, 4, 5],
  4: [2, 2, 2, 3, 3, 3, 5, 5, 5],
  5: [2, 2, 2, 3, 3, 3, 5, 5, 5],
};

const byNumber = (a: number, b: number) => a - b;

/** Draws a belt's gymnastics routines from groups of ten (1–10, 11–20 …), sorted by number. */
export function senamDraw(belt: Belt, rng: Rng): ExamItem[] {
  const drawn = SENAM_DRAWS[belt].flatMap((count, group) =>
    pickDistinct(range(group * 10 + 1, group * 10 + 10), count, rng),
  );
  return drawn.sort(byNumber).map((id) => ({ id, label: `Senam ${id}` }));
}

/** The dagger test takes all five drills (SPEC §9). */
export function belatiItems(): ExamItem[] {
  return range(1, 5).map((id) => ({ id, label: `Belati ${id}` }));
}

/** Items a draw exam takes: 5 of its pool (SPEC §9). */
export const UNDIAN_JUMLAH = 5;

/** Draws a draw exam's items (NILAI_KOLOM's `undian`): 5 of its pool, sorted by number. */
export function undianDraw(undian: Pick<Undian, 'kolam' | 'awalan'>, rng: Rng): ExamItem[] {
  return pickDistinct(range(1, undian.kolam), UNDIAN_JUMLAH, rng)
    .sort(byNumber)
    .map((id) => ({ id, label: `${undian.awalan} ${id}` }));
}

/**
 * The final score of a rows-and-bonus test (forms, gymnastics, dagger, the draw exams): the average
 * of the row scores plus the examiner's extra score (SPEC §9). No rows give just the bonus.
 */
export function itemAverageScore(scores: readonly number[], bonus: number): number {
  const average = scores.length ? scores.reduce((sum, s) => sum + s, 0) / scores.length : 0;
  return round2(average + bonus);
}
