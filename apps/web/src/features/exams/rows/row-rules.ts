import type { ExamItem } from '@ukt/core';

/** One row of the forms, gymnastics or dagger test as it is stored (SPEC §3 nilai, selesai). */
export interface RowItem extends ExamItem {
  nilai: number;
  selesai: boolean;
}

/**
 * A score button pressed on a row (SPEC §4): it sets the score; on the current row, when its clock
 * is at zero and it had no score yet, it also finishes the row and the exam moves on.
 */
export function rowsAfterScore(
  rows: readonly RowItem[],
  position: number,
  score: number,
  currentExpired: boolean,
): { rows: RowItem[]; advance: boolean } {
  const row = rows[position];
  if (!row) return { rows: [...rows], advance: false };
  const advance = currentExpired && row.nilai === 0 && !row.selesai;
  const next = rows.map((r, i) =>
    i === position ? { ...r, nilai: score, selesai: r.selesai || advance } : r,
  );
  return { rows: next, advance };
}

/** The rows on screen: a row shows once it is current, scored or finished (SPEC §4). */
export function visibleRows(rows: readonly RowItem[], index: number): { row: RowItem; position: number }[] {
  return rows
    .map((row, position) => ({ row, position }))
    .filter(({ row, position }) => position === index || row.nilai > 0 || row.selesai);
}
