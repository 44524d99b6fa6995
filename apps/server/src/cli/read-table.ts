import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/** One data row of an import file, with the file line it came from. */
export interface TableRow {
  line: number;
  values: Record<string, string>;
}

/** Raised for a file that cannot be read as a table; the message is for the committee. */
export class ImportError extends Error {}

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

async function readXlsx(file: string): Promise<TableRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportError(`${file}: tidak ada lembar kerja`);
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

async function readCsv(file: string): Promise<TableRow[]> {
  const text = await readFile(file, 'utf8');
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
    throw new ImportError(`${file}: CSV tidak dapat dibaca: ${(error as Error).message}`);
  }
}

/** Reads a .csv or .xlsx file whose first row names the columns (DESIGN §6). */
export async function readTable(file: string, columns: readonly string[]): Promise<TableRow[]> {
  const ext = extname(file).toLowerCase();
  if (ext !== '.csv' && ext !== '.xlsx') throw new ImportError(`${file}: berkas harus .csv atau .xlsx`);
  if (!existsSync(file)) throw new ImportError(`Berkas tidak ditemukan: ${file}`);
  const rows =
    ext === '.csv'
      ? await readCsv(file)
      : await readXlsx(file).catch((error: unknown) => {
          throw error instanceof ImportError
            ? error
            : new ImportError(`${file}: XLSX tidak dapat dibaca: ${(error as Error).message}`);
        });
  const first = rows[0];
  const missing = first ? columns.filter((c) => !(c in first.values)) : [];
  if (missing.length) throw new ImportError(`${file}: kolom ${missing.join(', ')} tidak ada di baris judul`);
  return rows;
}
