import { PESERTA_FIELDS } from '@ukt/core';
import { writeXlsx } from '../../lib/xlsx/write';
import { importKolom } from './import-columns';
import type { ImportTarget } from './import-target';
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
  return writeXlsx({
    created: new Date(),
    sheets: [
      {
        name: 'Data',
        columns: columns.map(({ kolom, label }) => ({
          width: Math.max(label.length + 4, String(example[kolom] ?? '').length + 2, 12),
          style: TEXT_COLUMNS.has(kolom) ? { numFmt: '@' } : undefined,
        })),
        rows: [
          columns.map(({ label }) => ({ value: label, style: { bold: true } })),
          columns.map(({ kolom }) => example[kolom]),
        ],
        frozen: { rows: 1 },
      },
    ],
  });
}
