import { writeXlsx, type XlsxCellValue, type XlsxSheetSpec, type XlsxStyledCell } from '../../lib/xlsx/write';
import type { RekapEntry } from './rekap.service';
import { BELUM_DINILAI, byRanting, type RekapDocument } from './rekap-document';

// The recap as a workbook (DESIGN §10): a sheet 'Semua' and one sheet per ranting, each with the
// title lines, a frozen header row, scores formatted 0.00 and '–' for what is not scored.

const WIDTH: Record<string, number> = { no_urut: 8, nama: 28, predikat: 16, status: 14, alasan: 40 };
const STATUS_COLOR: Record<string, string> = {
  Lulus: 'FF1B5E20',
  'Tidak Lulus': 'FFB71C1C',
  'Belum lengkap': 'FF6D4C41',
  Mundur: 'FF424242',
};

/** A sheet name Excel accepts (31 characters, none of []:*?/\), unique within the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(/[[\]:*?/\\]/g, '-')
      .replace(/^'|'$/g, '')
      .slice(0, 31)
      .trim() || 'Ranting';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

function rekapSheet(name: string, doc: RekapDocument, rows: readonly RekapEntry[]): XlsxSheetSpec {
  const titles = [doc.status, doc.judul, ...doc.keterangan];
  const headerRow = titles.length + 1;
  const titleRows = titles.map((line, i): XlsxStyledCell[] => [
    {
      value: line,
      style:
        i === 0 && doc.draf ? { numFmt: '@', bold: true, color: 'FFB71C1C' } : { numFmt: '@', bold: i <= 1 },
    },
  ]);
  const header = doc.columns.map(
    (c): XlsxStyledCell => ({
      value: c.header,
      style: { numFmt: '@', bold: true, vertical: 'middle', wrap: true, fill: 'FFE8EAF6' },
    }),
  );
  const dataRows = rows.map((row) =>
    doc.columns.map((c): XlsxCellValue | XlsxStyledCell => {
      const value = c.cell(row);
      // Right, as the numbers of its column are (docs/decisions/144).
      if (c.kind === 'score' && value === null)
        return { value: BELUM_DINILAI, style: { horizontal: 'right' } };
      if (c.key === 'status') return { value, style: { color: STATUS_COLOR[row.status] } };
      return value;
    }),
  );
  return {
    name,
    columns: doc.columns.map((c) => ({
      width: WIDTH[c.key] ?? (c.kind === 'score' ? 10 : 18),
      style: c.kind === 'score' ? { numFmt: '0.00' } : undefined,
    })),
    rows: [...titleRows, header, ...dataRows],
    frozen: { rows: headerRow, columns: 2 },
    autoFilter: { row: headerRow, columns: doc.columns.length },
    print: { landscape: true, titleRow: headerRow },
  };
}

/** The recap as an .xlsx workbook: 'Semua', then one sheet per ranting in recap order. */
export async function rekapXlsx(doc: RekapDocument, now: Date): Promise<Buffer> {
  const taken = new Set<string>();
  const sheets = [rekapSheet(sheetName('Semua', taken), doc, doc.rekap.rows)];
  for (const rows of byRanting(doc.rekap.rows))
    sheets.push(rekapSheet(sheetName((rows[0] as RekapEntry).ranting, taken), doc, rows));
  return writeXlsx({
    sheets,
    creator: 'UKT Penguji',
    created: now,
    title: `${doc.judul}${doc.draf ? ' (DRAF)' : ''}`,
  });
}
