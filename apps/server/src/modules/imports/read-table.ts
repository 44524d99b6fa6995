import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../lib/errors';

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

async function readXlsx(file: string, bytes: Buffer): Promise<TableRow[]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer: hand it a copy of exactly these bytes.
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(`${file}: tidak ada lembar kerja`);
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col] = cellText(cell.value).trim().toLowerCase();
  });
  const rows: TableRow[] = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const values: Record<string, string> = {};
    header.forEach((name, col) => {
      if (name) values[name] = cellText(row.getCell(col).value).trim();
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ line, values });
  });
  return rows;
}

function readCsv(file: string, bytes: Buffer): TableRow[] {
  const text = bytes.toString('utf8');
  // Excel in an Indonesian locale saves CSV with semicolons.
  const firstLine = text.split('\n', 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  try {
    const records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      info: true,
      delimiter,
    }) as { record: Record<string, string>; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ line: info.lines, values: record }));
  } catch (error) {
    throw badRequest(`${file}: CSV tidak dapat dibaca: ${(error as Error).message}`);
  }
}

/** Reads a .csv or .xlsx file whose first row names the columns (DESIGN §6). */
export async function readTable(source: TableSource, columns: readonly string[]): Promise<TableRow[]> {
  const file = source.name;
  const ext = extname(file).toLowerCase();
  if (ext !== '.csv' && ext !== '.xlsx') throw badRequest(`${file}: berkas harus .csv atau .xlsx`);
  const bytes = await source.read();
  const rows =
    ext === '.csv'
      ? readCsv(file, bytes)
      : await readXlsx(file, bytes).catch((error: unknown) => {
          throw error instanceof AppError
            ? error
            : badRequest(`${file}: XLSX tidak dapat dibaca: ${(error as Error).message}`);
        });
  const first = rows[0];
  const missing = first ? columns.filter((c) => !(c in first.values)) : [];
  if (missing.length) throw badRequest(`${file}: kolom ${missing.join(', ')} tidak ada di baris judul`);
  return rows;
}
