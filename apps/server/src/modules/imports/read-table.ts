import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../lib/errors';
import { XlsxWorkbook } from './xlsx-workbook';

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

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

async function* xlsxRows(file: string, bytes: Buffer): AsyncGenerator<CellRow> {
  const workbook = new XlsxWorkbook(bytes, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles say which numbers are dates (a tanggal_tes typed as a date in Excel).
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    // Only the first sheet is imported; a reader that stops early leaves nothing behind.
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        yield {
          line: row.number,
          cells: Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellText(values[i + 1])),
        };
      }
      return;
    }
    throw badRequest(`${file}: tidak ada lembar kerja`);
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

async function* csvRows(file: string, bytes: Buffer): AsyncGenerator<CellRow> {
  const text = bytes.toString('utf8');
  // Excel in an Indonesian locale saves CSV with semicolons.
  const firstLine = text.slice(0, 64 * 1024).split('\n', 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  // Every line is a record (empty ones too) and field counts are checked here: csv-parse's own
  // line numbers (its `info`) cost more than the rest of the parsing together.
  const parser = parse({ bom: true, trim: true, relax_column_count: true, delimiter });
  textPieces(text).pipe(parser);
  let line = 0;
  let width: number | undefined;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      const start = line;
      // A quoted field may hold line breaks: the next record starts that many lines further.
      for (const cell of record) if (cell.includes('\n')) line += newlines(cell);
      if (record.every((cell) => cell === '')) continue;
      width ??= record.length;
      if (record.length !== width)
        throw badRequest(
          `${file}: CSV tidak dapat dibaca: baris ${start}: ada ${record.length} kolom, baris judul ${width} (periksa koma atau titik koma di dalam isian; apit isian itu dengan tanda kutip)`,
        );
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

/**
 * Reads a .csv or .xlsx file whose first row names the columns (DESIGN §6), yielding its data rows
 * one at a time with their line numbers; rows with every wanted cell empty are skipped. Fails
 * (400) when the file cannot be read as a table or its header lacks one of `columns`.
 */
export async function* readTable(source: TableSource, columns: readonly string[]): AsyncGenerator<TableRow> {
  const file = source.name;
  const format = tableFormatOf(file);
  if (!format) throw badRequest(`${file}: berkas harus .csv atau .xlsx`);
  const bytes = await source.read();
  let header: (string | null)[] | undefined;
  for await (const { line, cells } of format === 'csv' ? csvRows(file, bytes) : xlsxRows(file, bytes)) {
    if (!header) {
      const names = cells.map((c) => c.trim().toLowerCase());
      const missing = columns.filter((c) => !names.includes(c));
      if (missing.length) throw badRequest(`${file}: kolom ${missing.join(', ')} tidak ada di baris judul`);
      header = names.map((name) => (columns.includes(name) ? name : null));
      continue;
    }
    const values: Record<string, string> = {};
    let filled = false;
    header.forEach((name, i) => {
      if (name === null) return;
      const value = (cells[i] ?? '').trim();
      values[name] = value;
      if (value) filled = true;
    });
    if (filled) yield { line, values };
  }
}
