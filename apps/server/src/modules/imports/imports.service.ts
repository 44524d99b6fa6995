import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type ImporKeputusan,
  type ImporKolom,
  type ImporWilayah,
  kunciNama,
  labelKolom,
  TINGKAT_WILAYAH,
} from '@ukt/core';
import type { Kysely } from 'kysely';
import { BULK_ROWS, refreshPlannerStats } from '../../db/planner';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { chunks } from '../../lib/chunks';
import { checkFile, type ValidRow } from './check-file';
import { importColumns, jenisOf } from './import-columns';
import {
  byLine,
  type ImportIssue,
  ImportRefused,
  ScoredUnconfirmed,
  undecidedRegions,
} from './import-issues';
import { rowKindOf } from './import-kinds';
import type { ImportReport, ImportResult, ImportTarget } from './import-target';
import { lockImports } from './imports.repository';
import { type PlannedRow, planChunk } from './plan-rows';
import type { TableSource } from './read-table';
import { RegionCache } from './region-cache';

// The committee's imports (DESIGN §6, §9): the `ukt import` commands and the console's Impor page
// both call previewImport (what a file would do, written nowhere) and applyImport (all of it in
// one transaction, or nothing). Re-importing the same file changes nothing. A file is read as a
// stream and checked before the transaction; the transaction then compares and writes it a
// chunk at a time, one query each (docs/decisions/037): check-file.ts reads and checks it,
// plan-rows.ts compares each chunk with what is stored.

/** What an import would do: counts over the whole file, its first rows, and its mistakes by line. */
export interface ImportPreview extends ImportReport {
  /** Data rows in the file, valid or not. */
  total: number;
  /** The first valid rows (up to the preview's `rows` limit). */
  rows: PlannedRow[];
  /** The mistakes by line (up to the `errors` limit) … */
  errors: ImportIssue[];
  /** … and how many there are in all. */
  errorCount: number;
  /** What reading the file found out that the committee should know. */
  notes: string[];
  /** The optional columns the file does not carry: updated rows keep their stored values. */
  kept: readonly ImporKolom[];
  /** Region names that are not stored: near misses to decide, and new regions. */
  regions: ImporWilayah[];
  /** The updates of participants who already have scores (up to the `rows` limit) … */
  scored: PlannedRow[];
  /** … and how many there are in all: importing them needs the committee's own confirmation. */
  scoredCount: number;
}

/** How an import runs besides its file: the committee's region decisions, and a stop signal. */
export interface ImportOptions {
  /** Near misses decided, by ImporWilayah.kunci (docs/decisions/103). */
  decisions?: ImporKeputusan;
  /** Aborted when the client went away: reading stops. */
  signal?: AbortSignal;
  /**
   * How many updates of scored participants the committee confirmed ('semua': no confirmation
   * asked, the command line's operator). Any other number than the file's refuses the import
   * (409) and writes nothing (docs/decisions/149).
   */
  scoredConfirmed?: number | 'semua';
}

/** How much of a preview is sent back; the counts always cover the whole file. */
export interface PreviewLimits {
  rows: number;
  errors: number;
}

/**
 * What importing a file would do, writing nothing: new / changed / unchanged counts over the whole
 * file, its first rows as they will be stored, and its mistakes by line and column. Fails
 * (AppError) only when the file cannot be read as a table or the target does not exist.
 */
export async function previewImport(
  db: Kysely<Database>,
  orgId: number,
  target: ImportTarget,
  source: TableSource,
  limits: PreviewLimits = { rows: Number.POSITIVE_INFINITY, errors: Number.POSITIVE_INFINITY },
  { signal }: ImportOptions = {},
): Promise<ImportPreview> {
  const kind = await rowKindOf(db, orgId, target);
  const regions = RegionCache.lookUp(db, orgId);
  const label = (field: string) => labelKolom(jenisOf(target.kind), field);
  const fields = importColumns(target.kind);
  const counts: ImportReport = { baru: 0, diperbarui: 0, tetap: 0 };
  const rows: PlannedRow[] = [];
  const scored: PlannedRow[] = [];
  let scoredCount = 0;
  const problems: ImportIssue[] = [];
  const { errors, total, notes, kept } = await checkFile(
    kind,
    target,
    source,
    signal,
    async (piece, absent) => {
      const planned = await planChunk(db, kind, piece, regions, problems, label, fields, absent);
      for (const p of planned) {
        counts[p.outcome]++;
        const shown = () => ({
          line: p.line,
          outcome: p.outcome,
          values: withStoredRegions(p.row, p.values, regions),
          changes: p.changes,
          scored: p.scored,
        });
        if (rows.length < limits.rows) rows.push(shown());
        if (p.scored && scoredCount++ < limits.rows) scored.push(shown());
      }
    },
  );
  errors.push(...problems);
  errors.sort(byLine);
  return {
    ...counts,
    total,
    rows,
    errors: errors.slice(0, limits.errors),
    errorCount: errors.length,
    notes,
    kept,
    regions: regions.list(),
    scored,
    scoredCount,
  };
}

/** A row as the preview shows it: a region that matched a stored one by its stored name ("RANTING TAMAN" → "Ranting Taman"). */
function withStoredRegions(
  row: Record<string, unknown>,
  values: Record<string, unknown>,
  regions: RegionCache,
) {
  const shown = { ...row };
  for (const level of TINGKAT_WILAYAH) {
    const id = values[`id_${level}`];
    const stored = typeof id === 'number' ? regions.storedName(level, id) : undefined;
    // A near miss stays as typed: which region it becomes is the committee's decision.
    if (stored !== undefined && kunciNama(String(shown[level] ?? '')) === kunciNama(stored))
      shown[level] = stored;
  }
  return shown;
}

/**
 * Imports a file in one transaction: every row is stored, or, when any row is wrong, nothing is
 * and the ImportRefused error names the lines and columns (DESIGN §6). `idPemilih` is who the
 * audit log names for scores the import changes (a re-graded KESHAN sheet): the console's admin,
 * or 0 for the command line.
 */
export async function applyImport(
  db: Kysely<Database>,
  writer: Writer,
  orgId: number,
  target: ImportTarget,
  source: TableSource,
  now: string,
  idPemilih = 0,
  { decisions = {}, signal, scoredConfirmed = 'semua' }: ImportOptions = {},
): Promise<ImportResult> {
  const kind = await rowKindOf(db, orgId, target);
  const label = (field: string) => labelKolom(jenisOf(target.kind), field);
  const fields = importColumns(target.kind);
  const { valid, errors, kept } = await checkFile(kind, target, source, signal);
  const absent = kept.map((c) => c.kolom);
  if (errors.length) throw new ImportRefused(errors);
  // In key order, each chunk's stored copies are one narrow range of the key's index.
  const key = (v: ValidRow) => kind.keyOf(v.row);
  valid.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  signal?.throwIfAborted();
  const report = await writer.run(async (trx) => {
    // Imports run one after the other: a second upload of the same file finds the first one's rows.
    await lockImports(trx);
    const regions = RegionCache.creating(trx, orgId, decisions);
    await kind.begin?.(trx);
    const report: ImportReport = { baru: 0, diperbarui: 0, tetap: 0 };
    const scored: number[] = [];
    for (const piece of chunks(valid)) {
      // Between chunks other requests are answered (the transaction stays open: all or nothing).
      await nextTurn();
      const planned = await planChunk(trx, kind, piece, regions, errors, label, fields, absent);
      // After a refused row nothing more is written (all is rolled back), but every refusal is named.
      if (errors.length) continue;
      for (const p of planned) {
        report[p.outcome]++;
        if (p.scored) scored.push(Number(kind.keyOf(p.row)));
      }
      await kind.write(
        trx,
        planned.filter((p) => p.outcome !== 'tetap'),
        now,
      );
    }
    // Every near miss is named at once; what was written meanwhile is rolled back.
    const undecided = regions.undecided();
    if (undecided.length) throw undecidedRegions(undecided);
    if (errors.length) throw new ImportRefused(errors.sort(byLine));
    // What was written meanwhile is rolled back: the whole import waits for the confirmation.
    if (scored.length && scoredConfirmed !== 'semua' && scoredConfirmed !== scored.length)
      throw new ScoredUnconfirmed(scored, scoredConfirmed);
    await kind.after?.(trx, report, { now, idPemilih });
    return report;
  });
  if (report.baru + report.diperbarui >= BULK_ROWS) await refreshPlannerStats(db, kind.tables);
  return { ...report, kept };
}
