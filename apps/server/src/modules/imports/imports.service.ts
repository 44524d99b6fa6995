import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { BATCH_ROWS, chunks } from '../../lib/chunks';
import { AppError } from '../../lib/errors';
import { type RowKind, rowKindOf } from './import-kinds';
import { readTable, type TableSource } from './read-table';
import { RegionCache } from './region-cache';
import { KegiatanFileRow, PengujiFileRow, SiswaFileRow, SoalFileRow } from './row-schemas';

// The committee's imports (DESIGN §6, §9): the `ukt import` commands and the console's Impor page
// both call previewImport (what a file would do, written nowhere) and applyImport (all of it in
// one transaction, or nothing). Re-importing the same file changes nothing. A file is read as a
// stream and checked before the transaction; the transaction then compares and writes it a
// chunk at a time, one query each (docs/decisions/037).

/** What storing one row does. */
export type RowOutcome = 'baru' | 'diperbarui' | 'tetap';

/** How many rows an import adds, changes, and leaves as they are. */
export type ImportReport = Record<RowOutcome, number>;

/** What to import: kegiatan (events), penguji (examiners), siswa of an event, soal of a belt. */
export type ImportTarget =
  | { kind: 'kegiatan' }
  | { kind: 'penguji' }
  | { kind: 'siswa'; idUkt: number }
  | { kind: 'soal'; idTingkat: number };

/** A mistake in an import file: its line and column where it has them, and what is wrong. */
export interface ImportIssue {
  line: number | null;
  field: string | null;
  message: string;
}

/** A valid row as it will be stored (trimmed, numbers normalised, defaults filled) and what storing it does. */
export interface PlannedRow {
  line: number;
  outcome: RowOutcome;
  values: Record<string, unknown>;
}

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
}

/** How much of a preview is sent back; the counts always cover the whole file. */
export interface PreviewLimits {
  rows: number;
  errors: number;
}

const FILE_ROWS = {
  kegiatan: KegiatanFileRow,
  penguji: PengujiFileRow,
  siswa: SiswaFileRow,
  soal: SoalFileRow,
};

/** The columns of a kind's import file in order: its header row (DESIGN §6). */
export function importColumns(kind: ImportTarget['kind']): string[] {
  return Object.keys(FILE_ROWS[kind].shape);
}

/** How many mistakes the message of a refused import lists (the CLI prints it whole). */
const MAX_LISTED = 20;

/** An issue as the committee reads it: `baris 3, kolom cabang: wajib diisi`. */
export function describeIssue({ line, field, message }: ImportIssue): string {
  if (line === null) return message;
  return field === null ? `baris ${line}: ${message}` : `baris ${line}, kolom ${field}: ${message}`;
}

/** An import refused for mistakes in its file: nothing was written. */
export class ImportRefused extends AppError {
  constructor(readonly issues: ImportIssue[]) {
    const listed = issues.slice(0, MAX_LISTED).map(describeIssue).join('\n');
    const more = issues.length > MAX_LISTED ? `\n… dan ${issues.length - MAX_LISTED} kesalahan lain` : '';
    super(400, `Impor dibatalkan, tidak ada yang disimpan:\n${listed}${more}`);
  }
}

const byLine = (a: ImportIssue, b: ImportIssue) => (a.line ?? 0) - (b.line ?? 0);

interface ValidRow {
  line: number;
  row: Record<string, unknown>;
}

/**
 * Reads the file a row at a time and checks each row against the kind's schema and the rows
 * before it (a row's stored copy is not read yet). The checked rows are kept, or, with `onChunk`,
 * handed over a chunk at a time and dropped (a preview holds no more than a chunk of them).
 */
async function checkFile(
  kind: RowKind,
  target: ImportTarget,
  source: TableSource,
  onChunk?: (piece: ValidRow[]) => Promise<void>,
): Promise<{ valid: ValidRow[]; errors: ImportIssue[]; total: number }> {
  let valid: ValidRow[] = [];
  const errors: ImportIssue[] = [];
  const seen = new Map<string | number, number>();
  let total = 0;
  for await (const { line, values } of readTable(source, importColumns(target.kind))) {
    total++;
    const parsed = kind.schema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push({ line, field: issue?.path.join('.') || null, message: issue?.message ?? 'tidak valid' });
      continue;
    }
    const row = parsed.data as Record<string, unknown>;
    const key = kind.keyOf(row);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({
        line,
        field: kind.keyField,
        message: `sama dengan baris ${earlier} (${kind.keyField} ${key})`,
      });
      continue;
    }
    seen.set(key, line);
    valid.push({ line, row });
    if (onChunk && valid.length === BATCH_ROWS) {
      await onChunk(valid);
      valid = [];
    }
  }
  if (onChunk && valid.length) {
    await onChunk(valid);
    valid = [];
  }
  if (!total) errors.push({ line: null, field: null, message: 'berkas tidak berisi data' });
  return { valid, errors, total };
}

interface Planned extends ValidRow {
  outcome: RowOutcome;
  values: Record<string, unknown>;
}

/** Compares the stored values of a row with the imported ones, field by field. */
function sameValues(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).every(([k, v]) => stored[k] === v);
}

/** What storing each row of a chunk does, after one query for their stored copies; problems go to `errors`. */
async function planChunk(
  db: Kysely<Database> | Transaction<Database>,
  kind: RowKind,
  piece: ValidRow[],
  regions: RegionCache,
  errors: ImportIssue[],
): Promise<Planned[]> {
  const stored = await kind.stored(
    db,
    piece.map((v) => kind.keyOf(v.row)),
  );
  await regions.load();
  const planned: Planned[] = [];
  for (const valid of piece) {
    const copy = stored.get(kind.keyOf(valid.row));
    // Most rows are answered at once (their regions are known): awaiting only when needed.
    const pending = kind.valuesOf(valid.row, copy, regions);
    const result = pending instanceof Promise ? await pending : pending;
    if ('problem' in result) {
      errors.push({ line: valid.line, ...result.problem });
      continue;
    }
    const outcome = !copy ? 'baru' : sameValues(copy, result.values) ? 'tetap' : 'diperbarui';
    planned.push({ ...valid, outcome, values: result.values });
  }
  return planned;
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
): Promise<ImportPreview> {
  const kind = await rowKindOf(db, orgId, target);
  const regions = RegionCache.lookUp(db, orgId);
  const counts: ImportReport = { baru: 0, diperbarui: 0, tetap: 0 };
  const rows: PlannedRow[] = [];
  const problems: ImportIssue[] = [];
  const { errors, total } = await checkFile(kind, target, source, async (piece) => {
    for (const { line, row, outcome } of await planChunk(db, kind, piece, regions, problems)) {
      counts[outcome]++;
      if (rows.length < limits.rows) rows.push({ line, outcome, values: row });
    }
  });
  errors.push(...problems);
  errors.sort(byLine);
  return { ...counts, total, rows, errors: errors.slice(0, limits.errors), errorCount: errors.length };
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
): Promise<ImportReport> {
  const kind = await rowKindOf(db, orgId, target);
  const { valid, errors } = await checkFile(kind, target, source);
  if (errors.length) throw new ImportRefused(errors);
  // In key order, each chunk's stored copies are one narrow range of the key's index.
  const key = (v: ValidRow) => kind.keyOf(v.row);
  valid.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return writer.run(async (trx) => {
    const regions = RegionCache.creating(trx, orgId);
    await kind.begin?.(trx);
    const report: ImportReport = { baru: 0, diperbarui: 0, tetap: 0 };
    for (const piece of chunks(valid)) {
      const planned = await planChunk(trx, kind, piece, regions, errors);
      // After a refused row nothing more is written (all is rolled back), but every refusal is named.
      if (errors.length) continue;
      for (const p of planned) report[p.outcome]++;
      await kind.write(
        trx,
        planned.filter((p) => p.outcome !== 'tetap'),
        now,
      );
    }
    if (errors.length) throw new ImportRefused(errors.sort(byLine));
    await kind.after?.(trx, report, { now, idPemilih });
    return report;
  });
}
