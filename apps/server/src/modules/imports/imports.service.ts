import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { badRequest } from '../../lib/errors';
import { createRegions, lookUpRegions, type RowKind, rowKindOf } from './import-kinds';
import { readTable, type TableSource } from './read-table';
import { KegiatanFileRow, PengujiFileRow, SiswaFileRow, SoalFileRow } from './row-schemas';

// The committee's imports (DESIGN §6, §9): the `ukt import` commands and the console's Impor page
// both call previewImport (what a file would do, written nowhere) and applyImport (all of it in
// one transaction, or nothing). Re-importing the same file changes nothing.

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

/** What an import would do: counts of its valid rows, those rows, and every mistake in the file. */
export interface ImportPreview extends ImportReport {
  rows: PlannedRow[];
  errors: ImportIssue[];
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

/** How many mistakes the message of a refused import lists. */
const MAX_LISTED = 20;

interface ValidRow {
  line: number;
  row: unknown;
}

/**
 * The target's kind of rows, and the file's rows checked against its schema and each other
 * (a row's stored copy is not read yet).
 */
async function checkFile(
  db: Kysely<Database>,
  orgId: number,
  target: ImportTarget,
  source: TableSource,
): Promise<{ kind: RowKind; valid: ValidRow[]; errors: ImportIssue[] }> {
  const kind = await rowKindOf(db, orgId, target);
  const rows = await readTable(source, importColumns(target.kind));
  const valid: ValidRow[] = [];
  const errors: ImportIssue[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of rows) {
    const parsed = kind.schema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push({ line, field: issue?.path.join('.') || null, message: issue?.message ?? 'tidak valid' });
      continue;
    }
    const key = kind.keyOf(parsed.data);
    const earlier = seen.get(key);
    seen.set(key, line);
    if (earlier !== undefined) {
      errors.push({ line, field: null, message: `sama dengan baris ${earlier} (${key})` });
      continue;
    }
    valid.push({ line, row: parsed.data });
  }
  if (!rows.length) errors.push({ line: null, field: null, message: 'berkas tidak berisi data' });
  return { kind, valid, errors };
}

/** An issue as the committee reads it: `baris 3, kolom cabang: wajib diisi`. */
function describeIssue({ line, field, message }: ImportIssue): string {
  if (line === null) return message;
  return field === null ? `baris ${line}: ${message}` : `baris ${line}, kolom ${field}: ${message}`;
}

function refused(errors: ImportIssue[]) {
  const listed = errors.slice(0, MAX_LISTED).map(describeIssue).join('\n');
  const more = errors.length > MAX_LISTED ? `\n… dan ${errors.length - MAX_LISTED} kesalahan lain` : '';
  return badRequest(`Impor dibatalkan, tidak ada yang disimpan:\n${listed}${more}`);
}

const byLine = (a: ImportIssue, b: ImportIssue) => (a.line ?? 0) - (b.line ?? 0);

/**
 * What importing a file would do, writing nothing: new / changed / unchanged counts, the rows as
 * they will be stored, and every mistake by line and column. Fails (AppError) only when the file
 * cannot be read as a table or the target does not exist.
 */
export async function previewImport(
  db: Kysely<Database>,
  orgId: number,
  target: ImportTarget,
  source: TableSource,
): Promise<ImportPreview> {
  const { kind, valid, errors } = await checkFile(db, orgId, target, source);
  const preview: ImportPreview = { baru: 0, diperbarui: 0, tetap: 0, rows: [], errors };
  for (const { line, row } of valid) {
    const step = await kind.step(db, row, lookUpRegions);
    if ('problem' in step) {
      errors.push({ line, ...step.problem });
      continue;
    }
    preview[step.outcome]++;
    preview.rows.push({ line, outcome: step.outcome, values: row as Record<string, unknown> });
  }
  errors.sort(byLine);
  return preview;
}

/**
 * Imports a file in one transaction: every row is stored, or, when any row is wrong, nothing is
 * and the AppError names the lines and columns (DESIGN §6).
 */
export async function applyImport(
  db: Kysely<Database>,
  writer: Writer,
  orgId: number,
  target: ImportTarget,
  source: TableSource,
  now: string,
): Promise<ImportReport> {
  const { kind, valid, errors } = await checkFile(db, orgId, target, source);
  if (errors.length) throw refused(errors);
  return writer.run(async (trx) => {
    const report: ImportReport = { baru: 0, diperbarui: 0, tetap: 0 };
    for (const { line, row } of valid) {
      const step = await kind.step(trx, row, createRegions);
      if ('problem' in step) errors.push({ line, ...step.problem });
      else {
        // After a refused row nothing more is written (all is rolled back), but every refusal is named.
        if (!errors.length) await step.write?.(trx, now);
        report[step.outcome]++;
      }
    }
    if (errors.length) throw refused(errors);
    await kind.after?.(trx, report);
    return report;
  });
}
