import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { ValidRow } from './check-file';
import type { ImportIssue } from './import-issues';
import type { RowKind } from './import-kinds';
import type { ImportChange, RowOutcome } from './import-target';
import { keepAbsent } from './kept-columns';
import type { RegionCache } from './region-cache';
import { changesOf, sameValues } from './row-changes';

// The second pass, a chunk of checked rows at a time: each row beside its stored copy, what
// storing it does (new, changed, unchanged) and whether it touches a scored participant.

/** A valid row as it will be stored (trimmed, numbers normalised, defaults filled) and what storing it does. */
export interface PlannedRow {
  line: number;
  outcome: RowOutcome;
  values: Record<string, unknown>;
  /** What an update changes, field by field (empty for a new or unchanged row). */
  changes: ImportChange[];
  /** An update of a guarded field (name, region) of a row that already has scores. */
  scored: boolean;
}

/** A checked row with what storing it does. */
export interface Planned extends ValidRow {
  outcome: RowOutcome;
  values: Record<string, unknown>;
  changes: ImportChange[];
  scored: boolean;
}

/** What storing each row of a chunk does, after one query for their stored copies; problems go to `errors`. */
export async function planChunk(
  db: Kysely<Database> | Transaction<Database>,
  kind: RowKind,
  piece: ValidRow[],
  regions: RegionCache,
  errors: ImportIssue[],
  label: (field: string) => string,
  fields: readonly string[],
  absent: readonly string[],
): Promise<Planned[]> {
  const stored = await kind.stored(
    db,
    piece.map((v) => kind.keyOf(v.row)),
  );
  await regions.load();
  const planned: Planned[] = [];
  for (const valid of piece) {
    const copy = stored.get(kind.keyOf(valid.row));
    const row = keepAbsent(valid.row, copy, absent, regions);
    // Most rows are answered at once (their regions are known): awaiting only when needed.
    const pending = kind.valuesOf(row, copy, regions, valid.line);
    const result = pending instanceof Promise ? await pending : pending;
    if ('problem' in result) {
      errors.push({
        line: valid.line,
        field: label(result.problem.field),
        message: result.problem.message,
        cells: valid.cells,
      });
      continue;
    }
    const outcome = !copy ? 'baru' : sameValues(copy, result.values) ? 'tetap' : 'diperbarui';
    const changes =
      copy && outcome === 'diperbarui'
        ? changesOf(kind, fields, copy, row, result.values, regions, label)
        : [];
    planned.push({ ...valid, row, outcome, values: result.values, changes, scored: false });
  }
  // Whether the rows whose name or region changes were examined already: one query.
  const guarded = kind.guarded;
  const touched = guarded ? planned.filter((p) => p.changes.some((c) => guarded.includes(c.field))) : [];
  if (touched.length && kind.scored) {
    const copies = touched.map((p) => stored.get(kind.keyOf(p.row)) as Record<string, unknown>);
    const scored = await kind.scored(db, copies);
    for (const p of touched) p.scored = scored.has(kind.keyOf(p.row));
  }
  return planned;
}
