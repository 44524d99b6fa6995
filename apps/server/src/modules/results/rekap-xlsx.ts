import ExcelJS from 'exceljs';
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

function addSheet(
  book: ExcelJS.Workbook,
  name: string,
  doc: RekapDocument,
  rows: readonly RekapEntry[],
): void {
  const titles = [doc.status, doc.judul, ...doc.keterangan];
  const headerRow = titles.length + 1;
  const sheet = book.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 2, ySplit: headerRow }],
    pageSetup: {
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRow}:${headerRow}`,
    },
  });
  sheet.columns = doc.columns.map((c) => ({
    key: c.key,
    width: WIDTH[c.key] ?? (c.kind === 'score' ? 10 : 18),
    style: c.kind === 'score' ? { numFmt: '0.00' } : {},
  }));
  titles.forEach((line, i) => {
    const cell = sheet.getCell(i + 1, 1);
    cell.value = line;
    cell.numFmt = '@';
    cell.font = i === 0 && doc.draf ? { bold: true, color: { argb: 'FFB71C1C' } } : { bold: i <= 1 };
  });

  const header = sheet.getRow(headerRow);
  header.values = doc.columns.map((c) => c.header);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.eachCell((cell) => {
    cell.numFmt = '@';
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EAF6' } };
  });
  sheet.autoFilter = {
    from: { row: headerRow, column: 1 },
    to: { row: headerRow, column: doc.columns.length },
  };

  for (const row of rows) {
    const added = sheet.addRow(
      doc.columns.map((c) => {
        const value = c.cell(row);
        return c.kind === 'score' && value === null ? BELUM_DINILAI : value;
      }),
    );
    doc.columns.forEach((c, i) => {
      const cell = added.getCell(i + 1);
      // Right, as the numbers of its column are (docs/decisions/144).
      if (c.kind === 'score' && cell.value === BELUM_DINILAI) cell.alignment = { horizontal: 'right' };
      if (c.key === 'status') cell.font = { color: { argb: STATUS_COLOR[row.status] } };
    });
  }
}

/** The recap as an .xlsx workbook: 'Semua', then one sheet per ranting in recap order. */
export async function rekapXlsx(doc: RekapDocument, now: Date): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'UKT Penguji';
  book.created = now;
  book.title = `${doc.judul}${doc.draf ? ' (DRAF)' : ''}`;
  const taken = new Set<string>();
  addSheet(book, sheetName('Semua', taken), doc, doc.rekap.rows);
  for (const rows of byRanting(doc.rekap.rows)) {
    addSheet(book, sheetName((rows[0] as RekapEntry).ranting, taken), doc, rows);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
