import ExcelJS from 'exceljs';

/** An .xlsx file as a committee saves one: a sheet `Peserta` holding these rows. */
export async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Peserta');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
