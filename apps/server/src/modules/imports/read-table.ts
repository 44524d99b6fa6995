import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPOR_MAX_ROWS, type ImporKolom, kunciKolom } from '@ukt/core';
import { CsvError, parse } from 'csv-parse';
import { AppError, badRequest } from '../../lib/errors';
import type { XlsxValue } from '../../lib/xlsx/read';
import { decodeWindows1252 } from './windows-1252';
import { importWorkbookSheets } from './xlsx-workbook';

// Import files are read as streams, a row at a time (docs/decisions/037): a 100,000-row
// workbook is never held as a whole object model, only as its bytes and the rows checked so far.

/** One data row of an import file, with the file line it came from. */
export interface TableRow {
  line: number;
  values: Record<string, string>;
}

/**
 * An import file: its name (named in messages; its ending says .csv or .xlsx) and its bytes,
 * read only once the name is accepted. The CLI reads a path, the console an upload.
 */
export interface TableSource {
  name: string;
  read: () => Promise<Buffer>;
}

/** A file on disk as a table source. */
export function fileSource(path: string): TableSource {
  return {
    name: path,
    read: () =>
      readFile(path).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? badRequest(`Berkas tidak ditemukan: ${path}`) : error;
      }),
  };
}

/** The endings an import file may have. */
export type TableFormat = 'csv' | 'xlsx';

/** The format a file's name says, or null for any other ending. */
export function tableFormatOf(name: string): TableFormat | null {
  const ext = extname(name).toLowerCase();
  return ext === '.csv' ? 'csv' : ext === '.xlsx' ? 'xlsx' : null;
}

/** A row as its cells in column order, before the header names them. */
interface CellRow {
  line: number;
  cells: string[];
}

function cellText(value: XlsxValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

async function* xlsxRows(file: string, bytes: Buffer): AsyncGenerator<CellRow> {
  try {
    // Only the first sheet (the tab Excel shows first) is imported.
    const [sheet] = await importWorkbookSheets(file, bytes);
    if (!sheet) throw badRequest(`${file}: tidak ada lembar kerja`);
    for await (const batch of sheet.rows())
      for (const row of batch) yield { line: row.number, cells: row.cells.map(cellText) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(`${file}: XLSX tidak dapat dibaca: ${(error as Error).message}`);
  }
}

/** csv-parse's refusals, said so the committee can fix the file. */
function csvProblem(error: CsvError): string {
  const line = (error as { lines?: number }).lines;
  const at = line ? `baris ${line}: ` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${at}tanda kutip (") dibuka tetapi tidak ditutup`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `${at}ada huruf tepat setelah tanda kutip penutup`;
    default:
      return error.message;
  }
}

/** Text fed to a parser in pieces that end at a line break (never inside a character). */
function textPieces(text: string): Readable {
  const size = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let start = 0; start < text.length; ) {
        const cut = text.indexOf('\n', Math.min(start + size, text.length - 1));
        const end = cut < 0 ? text.length : cut + 1;
        yield text.slice(start, end);
        start = end;
      }
    })(),
  );
}

const newlines = (text: string) => {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
};

/** The encodings a CSV file is read in. */
export type CsvEncoding = 'UTF-8' | 'Windows-1252';

/**
 * A CSV file's text. Excel's plain "CSV" is saved in the computer's code page (Windows-1252 in
 * Indonesia), not UTF-8: bytes that are not valid UTF-8 are read as Windows-1252 (which every
 * byte is), so "José" stays "José" instead of becoming "Jos\uFFFD", and "Ni’mah" keeps its ’
 * (by our own table: windows-1252.ts).
 */
function csvText(bytes: Buffer): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
  }
}

async function* csvRows(file: string, text: string): AsyncGenerator<CellRow> {
  // Excel in an Indonesian locale saves CSV with semicolons. The header may stand under title
  // lines, so the first line that holds either separator decides.
  const lines = text.slice(0, 64 * 1024).split('\n', HEADER_SEARCH_ROWS);
  const first = lines.find((line) => line.includes(';') || line.includes(',')) ?? '';
  const delimiter = first.includes(';') && !first.includes(',') ? ';' : ',';
  // Every line is a record (empty ones too) and field counts are checked here: csv-parse's own
  // line numbers (its `info`) cost more than the rest of the parsing together.
  const parser = parse({ bom: true, trim: true, relax_column_count: true, delimiter });
  textPieces(text).pipe(parser);
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      const start = line;
      // A quoted field may hold line breaks: the next record starts that many lines further.
      for (const cell of record) if (cell.includes('\n')) line += newlines(cell);
      if (record.every((cell) => cell === '')) continue;
      yield { line: start, cells: record };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof CsvError ? csvProblem(error) : (error as Error).message;
    throw badRequest(`${file}: CSV tidak dapat dibaca: ${message}`);
  } finally {
    parser.destroy();
  }
}

/** How many rows may stand above the header row (a title, a date, an empty line). */
const HEADER_SEARCH_ROWS = 10;

/** Rows read between two turns of the event loop, so other requests are answered meanwhile. */
const ROWS_PER_TURN = 500;

/** What reading a file found out, for the preview to tell. */
export interface ReadInfo {
  /** The line of the header row (1 unless title rows stand above it). */
  headerLine?: number;
  /** A CSV file's encoding. */
  encoding?: CsvEncoding;
  /** Headers that name no column of the kind: their cells are not read. */
  ignored?: string[];
  /** The optional columns the header does not name: an updated row keeps their stored values. */
  absent?: ImporKolom[];
}

/** How a file is read: `signal` stops it (the client went away); `info` is filled in. */
export interface ReadOptions {
  signal?: AbortSignal;
  info?: ReadInfo;
}

/**
 * Which column each cell of a row is, when the row is a header holding every required column:
 * headers match a column's field, label or synonym whatever their case, spaces or punctuation.
 * A column named twice is read from its field or label before a synonym, then the first one.
 */
function headerOf(cells: string[], columns: readonly ImporKolom[]) {
  const names: (string | null)[] = cells.map(() => null);
  const rank: number[] = cells.map(() => Number.POSITIVE_INFINITY);
  const taken = new Map<string, number>();
  cells.forEach((cell, i) => {
    const key = kunciKolom(cell);
    if (!key) return;
    for (const column of columns) {
      const exact = kunciKolom(column.kolom) === key || kunciKolom(column.label) === key;
      if (!exact && !column.sinonim.some((s) => kunciKolom(s) === key)) continue;
      const at = taken.get(column.kolom);
      const score = exact ? 0 : 1;
      if (at === undefined || (rank[at] ?? 0) > score) {
        if (at !== undefined) names[at] = null;
        names[i] = column.kolom;
        rank[i] = score;
        taken.set(column.kolom, i);
      }
      return;
    }
  });
  const missing = columns.filter((c) => c.wajib && !taken.has(c.kolom));
  return { names, missing };
}

const quoted = (columns: ImporKolom[]) => columns.map((c) => `"${c.label}"`).join(', ');

/**
 * Reads a .csv or .xlsx file (DESIGN §6), yielding its data rows one at a time with their line
 * numbers; rows with every wanted cell empty are skipped. The header row is the first of the
 * first HEADER_SEARCH_ROWS rows that names every required column (rows above it are titles).
 * Fails (400) when the file cannot be read as a table, has no such header row, or holds more
 * than IMPOR_MAX_ROWS data rows.
 */
export async function* readTable(
  source: TableSource,
  columns: readonly ImporKolom[],
  { signal, info = {} }: ReadOptions = {},
): AsyncGenerator<TableRow> {
  const file = source.name;
  const format = tableFormatOf(file);
  if (!format) throw badRequest(`${file}: berkas harus .csv atau .xlsx`);
  const bytes = await source.read();
  let cellRows: AsyncGenerator<CellRow>;
  if (format === 'csv') {
    const { text, encoding } = csvText(bytes);
    info.encoding = encoding;
    cellRows = csvRows(file, text);
  } else cellRows = xlsxRows(file, bytes);

  let header: (string | null)[] | undefined;
  let searched = 0;
  let closest: ImporKolom[] | undefined;
  let rows = 0;
  try {
    for await (const { line, cells } of cellRows) {
      signal?.throwIfAborted();
      if (!header) {
        const found = headerOf(cells, columns);
        if (!found.missing.length) {
          header = found.names;
          info.headerLine = line;
          info.ignored = cells.filter((c, i) => c.trim() && found.names[i] === null).map((c) => c.trim());
          info.absent = columns.filter((c) => !found.names.includes(c.kolom));
          continue;
        }
        if (!closest || found.missing.length < closest.length) closest = found.missing;
        if (++searched < HEADER_SEARCH_ROWS) continue;
        break;
      }
      if (format === 'csv' && cells.length !== header.length)
        throw badRequest(
          `${file}: CSV tidak dapat dibaca: baris ${line}: ada ${cells.length} kolom, baris judul ${header.length} (periksa koma atau titik koma di dalam isian; apit isian itu dengan tanda kutip)`,
        );
      const values: Record<string, string> = {};
      let filled = false;
      header.forEach((name, i) => {
        if (name === null) return;
        const value = (cells[i] ?? '').trim();
        values[name] = value;
        if (value) filled = true;
      });
      if (!filled) continue;
      if (++rows > IMPOR_MAX_ROWS)
        throw badRequest(
          `${file}: berkas berisi lebih dari ${IMPOR_MAX_ROWS.toLocaleString('id-ID')} baris data. Bagi datanya menjadi beberapa berkas, lalu impor satu per satu.`,
        );
      if (rows % ROWS_PER_TURN === 0) await nextTurn();
      yield { line, values };
    }
  } finally {
    await cellRows.return(undefined);
  }
  if (!header) {
    const missing = closest ?? columns.filter((c) => c.wajib);
    throw badRequest(
      `${file}: baris judul tidak ditemukan: kolom ${quoted(missing)} tidak ada di ${HEADER_SEARCH_ROWS} baris pertama. Pakai judul kolom seperti di templat.`,
    );
  }
}
