import { type ImporKolom, labelKolom } from '@ukt/core';
import { BATCH_ROWS } from '../../lib/chunks';
import { importKolom, jenisOf } from './import-columns';
import type { ImportIssue } from './import-issues';
import type { RowKind } from './import-kinds';
import type { ImportTarget } from './import-target';
import { type ReadInfo, readTable, type TableSource } from './read-table';
import { TEMPLATE_EXAMPLES } from './template-examples';

// The first pass over an import file, before anything stored is read: each row against its
// kind's schema and the rows before it, the template's example row skipped (docs/decisions/037).

/** A row that passed its schema, by its line. */
export interface ValidRow {
  line: number;
  row: Record<string, unknown>;
  /** The row as the file gives it: kept by a preview only, for its error file. */
  cells?: Record<string, string>;
}

/** What checking a file found: its valid rows (unless handed over), mistakes, notes, and absent columns. */
export interface CheckedFile {
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
export async function checkFile(
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
