import { PESERTA_FIELDS } from '@ukt/core';
import ExcelJS from 'exceljs';
import type { ImportTarget } from './import-target';
import { importKolom } from './imports.service';
import { TEMPLATE_EXAMPLES } from './template-examples';

// The console's template per import kind (DESIGN §9): the header row, in the labels a committee
// reads ("No. Urut", "Nama") and the import accepts, and one realistic example row, which the
// import recognises and skips if it is left in.

/** Columns whose digits must stay text: a leading 0 of a phone number, a date Excel would convert. */
const TEXT_COLUMNS = new Set([
  'no_wa',
  'tanggal_tes',
  'akhir_tes',
  ...PESERTA_FIELDS.filter((f) => 'selTeks' in f && f.selTeks).map((f) => f.kolom),
]);

/** The .xlsx template of an import kind: a bold, frozen header row and one example row. */
export async function importTemplate(kind: ImportTarget['kind']): Promise<Buffer> {
  const columns = importKolom(kind);
  const example = TEMPLATE_EXAMPLES[kind];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ kolom, label }) => ({
    header: label,
    key: kolom,
    width: Math.max(label.length + 4, String(example[kolom] ?? '').length + 2, 12),
    style: TEXT_COLUMNS.has(kolom) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(example);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
