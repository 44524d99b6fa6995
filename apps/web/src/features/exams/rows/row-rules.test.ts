import { describe, expect, it } from 'vitest';
import { type RowItem, rowsAfterScore, visibleRows } from './row-rules';

const rows = (n: number): RowItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, label: `Senam ${i + 1}`, nilai: 0, selesai: false }));

describe('row exam rules (SPEC §4)', () => {
  it('a score while the clock runs sets it and stays on the row', () => {
    const next = rowsAfterScore(rows(3), 0, 70, false);
    expect(next.advance).toBe(false);
    expect(next.rows[0]).toMatchObject({ nilai: 70, selesai: false });
  });

  it('a first score at zero time finishes the row and moves on', () => {
    const next = rowsAfterScore(rows(3), 0, 80, true);
    expect(next.advance).toBe(true);
    expect(next.rows[0]).toMatchObject({ nilai: 80, selesai: true });
  });

  it('changing a score at zero time does not skip a row', () => {
    const scored = rowsAfterScore(rows(3), 0, 55, false).rows;
    expect(rowsAfterScore(scored, 0, 60, true)).toMatchObject({ advance: false });
  });

  it('shows the current row and the scored or finished ones only', () => {
    const list = rows(4);
    list[0] = { ...list[0], nilai: 50, selesai: true } as RowItem;
    expect(visibleRows(list, 1).map((r) => r.position)).toEqual([0, 1]);
  });
});
