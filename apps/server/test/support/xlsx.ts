import ExcelJS from 'exceljs';
import { XlsxReader, type XlsxRow } from '../../src/lib/xlsx/read';

/** An .xlsx file as a committee saves one: a sheet `Peserta` holding these rows. */
export async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Peserta');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** No limit on what a workbook unpacks to, for files a test made itself. */
export const NO_LIMIT = { maxUnpacked: 50 * 1024 * 1024, tooLarge: () => new Error('terlalu besar') };

/** Every sheet of a workbook as the app's own reader (src/lib/xlsx/read.ts) gives it: name and rows. */
export async function sheetsOf(bytes: Buffer, limits = NO_LIMIT) {
  const sheets = await XlsxReader.open(bytes, limits);
  const out: { name: string; rows: XlsxRow[] }[] = [];
  for (const sheet of sheets) {
    const rows: XlsxRow[] = [];
    for await (const batch of sheet.rows()) rows.push(...batch);
    out.push({ name: sheet.name, rows });
  }
  return out;
}
