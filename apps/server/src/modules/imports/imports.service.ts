import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  IMPOR_KOLOM,
  type ImporJenis,
  type ImporKeputusan,
  type ImporKolom,
  type ImporWilayah,
  kunciNama,
  labelKolom,
  TINGKAT_WILAYAH,
} from '@ukt/core';
import type { Kysely, Transaction } from 'kysely';
import { BULK_ROWS, refreshPlannerStats } from '../../db/planner';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { BATCH_ROWS, chunks } from '../../lib/chunks';
import { AppError, badRequest } from '../../lib/errors';
import { type RowKind, rowKindOf } from './import-kinds';
import type { ImportChange, ImportReport, ImportResult, ImportTarget, RowOutcome } from './import-target';
import { lockImports } from './imports.repository';
import { keepAbsent } from './kept-columns';
import { type ReadInfo, readTable, type TableSource } from './read-table';
import { NEW_REGION, RegionCache } from './region-cache';
import { TEMPLATE_EXAMPLES } from './template-examples';

// The committee's imports (DESIGN §6, §9): the `ukt import` commands and the console's Impor page
// both call previewImport (what a file would do, written nowhere) and applyImport (all of it in
// one transaction, or nothing). Re-importing the same file changes nothing. A file is read as a
// stream and checked before the transaction; the transaction then compares and writes it a
// chunk at a time, one query each (docs/decisions/037).

/** A mistake in an import file: its line and column where it has them, and what is wrong. */
export interface ImportIssue {
  line: number | null;
  field: string | null;
  message: string;
  /** The row as the file gives it, by column (a preview's error file shows it beside the mistake). */
  cells?: Record<string, string>;
}

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

/** The console's name of an import kind. */
export function jenisOf(kind: ImportTarget['kind']): ImporJenis {
  return kind === 'siswa' ? 'peserta' : kind;
}

/** The columns of a kind's import file in the template's order, with their labels and synonyms. */
export function importKolom(kind: ImportTarget['kind']): readonly ImporKolom[] {
  return IMPOR_KOLOM[jenisOf(kind)];
}

/** The fields of a kind's import file in order (DESIGN §6). */
export function importColumns(kind: ImportTarget['kind']): string[] {
  return importKolom(kind).map((c) => c.kolom);
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
  /** The row as the file gives it: kept by a preview only, for its error file. */
  cells?: Record<string, string>;
}

/** What checking a file found: its valid rows (unless handed over), mistakes, notes, and absent columns. */
interface CheckedFile {
  valid: ValidRow[];
  errors: ImportIssue[];
  total: number;
  notes: string[];
  kept: readonly ImporKolom[];
}

/** Whether two parsed rows hold the same values in the columns the file carries. */
const sameRow = (a: Record<string, unknown>, b: Record<string, unknown>, absent: readonly string[]) =>
  Object.keys(b).every((k) => absent.includes(k) || a[k] === b[k]);

/** The fields of the columns a file does not carry (known once its header is read). */
const absentFields = (info: ReadInfo) => (info.absent ?? []).map((c) => c.kolom);

/** What the reader did that the preview tells (docs/decisions/104). */
function readNotes(info: ReadInfo, samples: number[]): string[] {
  const notes: string[] = [];
  if (info.headerLine && info.headerLine > 1)
    notes.push(`Baris judul ada di baris ${info.headerLine}; baris di atasnya tidak diimpor.`);
  if (info.encoding === 'Windows-1252')
    notes.push(
      'Berkas CSV ini bukan UTF-8; dibaca sebagai Windows-1252 (Latin-1). Periksa huruf seperti é di pratinjau.',
    );
  if (info.ignored?.length)
    notes.push(`Kolom ${info.ignored.map((c) => `"${c}"`).join(', ')} tidak dikenal dan tidak diimpor.`);
  if (samples.length)
    notes.push(`Baris ${samples.join(', ')} sama dengan contoh di templat dan tidak diimpor.`);
  return notes;
}

/**
 * Reads the file a row at a time and checks each row against the kind's schema and the rows
 * before it (a row's stored copy is not read yet). The checked rows are kept, or, with `onChunk`,
 * handed over a chunk at a time and dropped (a preview holds no more than a chunk of them).
 * The template's example row is skipped. Mistakes name the column by its label.
 */
async function checkFile(
  kind: RowKind,
  target: ImportTarget,
  source: TableSource,
  signal: AbortSignal | undefined,
  onChunk?: (piece: ValidRow[], absent: readonly string[]) => Promise<void>,
): Promise<CheckedFile> {
  let valid: ValidRow[] = [];
  const errors: ImportIssue[] = [];
  const seen = new Map<string | number, number>();
  const jenis = jenisOf(target.kind);
  const label = (field: string) => labelKolom(jenis, field);
  // As the reader gives it: every cell as text.
  const sample = kind.schema.safeParse(
    Object.fromEntries(Object.entries(TEMPLATE_EXAMPLES[target.kind]).map(([k, v]) => [k, String(v)])),
  );
  const samples: number[] = [];
  const info: ReadInfo = {};
  let total = 0;
  for await (const { line, values } of readTable(source, importKolom(target.kind), { signal, info })) {
    total++;
    const parsed = kind.schema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.');
      errors.push({
        line,
        field: field ? label(field) : null,
        message: issue?.message ?? 'tidak valid',
        cells: values,
      });
      continue;
    }
    const row = parsed.data as Record<string, unknown>;
    if (sample.success && sameRow(row, sample.data as Record<string, unknown>, absentFields(info))) {
      samples.push(line);
      continue;
    }
    const key = kind.keyOf(row);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({
        line,
        field: label(kind.keyField),
        message: `sama dengan baris ${earlier} (${label(kind.keyField)} ${key})`,
        cells: values,
      });
      continue;
    }
    seen.set(key, line);
    valid.push(onChunk ? { line, row, cells: values } : { line, row });
    if (onChunk && valid.length === BATCH_ROWS) {
      await onChunk(valid, absentFields(info));
      valid = [];
    }
  }
  if (onChunk && valid.length) {
    await onChunk(valid, absentFields(info));
    valid = [];
  }
  if (total === samples.length)
    errors.push({
      line: null,
      field: null,
      message: samples.length ? 'berkas hanya berisi baris contoh dari templat' : 'berkas tidak berisi data',
    });
  return { valid, errors, total, notes: readNotes(info, samples), kept: info.absent ?? [] };
}

interface Planned extends ValidRow {
  outcome: RowOutcome;
  values: Record<string, unknown>;
  changes: ImportChange[];
  scored: boolean;
}

const isLevel = (field: string): field is (typeof TINGKAT_WILAYAH)[number] =>
  (TINGKAT_WILAYAH as readonly string[]).includes(field);

const shownValue = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * What storing a row changes in its stored copy, field by field in the file's column order: a
 * region by its stored name (a new one by the name the file gives it), the rest as stored.
 */
function changesOf(
  kind: RowKind,
  fields: readonly string[],
  stored: Record<string, unknown>,
  row: Record<string, unknown>,
  values: Record<string, unknown>,
  regions: RegionCache,
  label: (field: string) => string,
): ImportChange[] {
  const changes: ImportChange[] = [];
  for (const field of fields) {
    if (field === kind.keyField) continue;
    let lama: string;
    let baru: string;
    if (isLevel(field)) {
      const was = stored[`id_${field}`] ?? null;
      const next = values[`id_${field}`] ?? null;
      if (was === next && next !== NEW_REGION) continue;
      lama = typeof was === 'number' ? (regions.storedName(field, was) ?? '') : '';
      baru =
        (typeof next === 'number' && next !== NEW_REGION ? regions.storedName(field, next) : undefined) ??
        shownValue(row[field]);
    } else {
      const next = field in values ? values[field] : row[field];
      if (stored[field] === next) continue;
      lama = shownValue(stored[field]);
      baru = shownValue(next);
    }
    if (lama !== baru) changes.push({ field, label: label(field), lama, baru });
  }
  return changes;
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
 * An import refused because it changes the name or region of participants who already have
 * scores, and the committee did not confirm as many (docs/decisions/149): nothing is written.
 */
export class ScoredUnconfirmed extends AppError {
  constructor(
    readonly nos: number[],
    confirmed: number,
  ) {
    const sorted = [...nos].sort((a, b) => a - b);
    const listed =
      sorted.slice(0, 10).join(', ') + (sorted.length > 10 ? ` dan ${sorted.length - 10} lainnya` : '');
    const why =
      confirmed > 0
        ? ` Yang dikonfirmasi ${confirmed} peserta, tetapi berkas ini mengubah ${nos.length}: pratinjau berkasnya lagi.`
        : '';
    super(
      409,
      `Impor ditahan, tidak ada yang disimpan: berkas ini mengubah nama atau wilayah ${nos.length} peserta yang sudah dinilai (nomor ${listed}).${why} Periksa kelompok "Peserta yang sudah dinilai" di pratinjau, centang "Saya yakin mengubah data ${nos.length} peserta yang sudah dinilai", lalu tekan Impor lagi.`,
    );
  }
}

/** The refusal of an import while near misses are undecided: nothing is written. */
function undecidedRegions(regions: ImporWilayah[]): AppError {
  const named = regions
    .slice(0, 5)
    .map((w) => `"${w.nama}" (mirip "${w.mirip}")`)
    .join(', ');
  const more = regions.length > 5 ? ` dan ${regions.length - 5} lainnya` : '';
  return badRequest(
    `Impor dibatalkan, tidak ada yang disimpan: ${regions.length} nama wilayah mirip wilayah yang sudah ada dan belum diputuskan: ${named}${more}. Di pratinjau, pilih "Pakai yang ada" atau "Buat baru" untuk masing-masing, atau perbaiki namanya di berkas, lalu impor lagi.`,
  );
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
