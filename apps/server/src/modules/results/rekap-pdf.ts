import { createRequire } from 'node:module';
import { formatNilaiKolom } from '@ukt/core';
import PDFDocument from 'pdfkit';
import type { RekapEntry } from './rekap.service';
import { BELUM_DINILAI, byRanting, type RekapDocument } from './rekap-document';

// The recap as a landscape A4 PDF table (DESIGN §10): a section per ranting, the table header
// repeated on every page, 'DRAF — belum disahkan panitia' and a watermark until ratified. The
// font is DejaVu Sans Condensed from the dejavu-fonts-ttf package, embedded (subset) so the file
// looks the same everywhere; PDF's standard Helvetica is never embedded (docs/decisions/040).

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
// Named by path, not registered under an alias: pdfkit caches an opened font under its path, but
// re-parses the whole TTF on every switch to an alias of a font it already holds.
const FONT = fontFile('DejaVuSansCondensed.ttf');
const FONT_BOLD = fontFile('DejaVuSansCondensed-Bold.ttf');

const MARGIN = 28;
const FOOTER = 20;
const SIZE = 7;
const HEAD_SIZE = 6.5;
const PAD = 2;
const STATUS_COLOR: Record<string, string> = {
  Lulus: '#1b5e20',
  'Tidak Lulus': '#b71c1c',
  'Belum lengkap': '#6d4c41',
  Mundur: '#424242',
};
const LINE = '#9e9e9e';
/** Rows drawn before the event loop gets a turn. */
const ROWS_PER_SLICE = 100;

/** One column of the PDF table: its label, width, alignment and cell text. */
interface PdfColumn {
  label: string;
  width: number;
  align: 'left' | 'center' | 'right';
  text: (row: RekapEntry) => string;
  color?: (row: RekapEntry) => string;
}

// Two decimals with a comma in every score column, right-aligned so the commas line up; '–' when
// not scored (docs/decisions/144).
const score = formatNilaiKolom;

/**
 * The table's columns. A component column is as wide as the longest word of its label in the
 * header font (labels wrap between words only) and at least a score's width; nama and alasan
 * share what the others leave of the page width.
 */
function columnsOf(pdf: PDFKit.PDFDocument, doc: RekapDocument, width: number): PdfColumn[] {
  const cell = (key: string) => doc.columns.find((c) => c.key === key)?.cell ?? (() => null);
  // The headers the .xlsx and the .csv use; only the number column is too narrow for 'No. Urut'.
  const header = (key: string) => doc.columns.find((c) => c.key === key)?.header ?? key;
  pdf.font(FONT_BOLD).fontSize(HEAD_SIZE);
  const komponen = doc.columns
    .filter((c) => c.kind === 'score' && c.key !== 'nilai_akhir')
    .map((c) => ({
      column: c,
      width: Math.ceil(Math.max(24, ...c.header.split(' ').map((w) => pdf.widthOfString(w))) + 2 * PAD + 1),
    }));
  const fixed = 20 + 80 + komponen.reduce((sum, k) => sum + k.width, 0) + 30 + 54 + 52;
  const flex = Math.max(width - fixed, 160);
  const nama = Math.round(flex * 0.45);
  return [
    { label: 'No', width: 20, align: 'right', text: (r) => String(r.no_urut) },
    { label: header('nama'), width: nama, align: 'left', text: (r) => r.nama },
    { label: header('rayon'), width: 80, align: 'left', text: (r) => r.rayon },
    ...komponen.map(
      ({ column, width: w }): PdfColumn => ({
        label: column.header,
        width: w,
        align: 'right',
        text: (r) => score(column.cell(r) as number | null),
      }),
    ),
    { label: header('nilai_akhir'), width: 30, align: 'right', text: (r) => score(r.nilai_akhir) },
    { label: header('predikat'), width: 54, align: 'left', text: (r) => r.predikat ?? BELUM_DINILAI },
    {
      label: header('status'),
      width: 52,
      align: 'left',
      text: (r) => r.status,
      color: (r) => STATUS_COLOR[r.status] ?? '#000',
    },
    {
      label: header('alasan'),
      width: flex - nama,
      align: 'left',
      text: (r) => String(cell('alasan')(r) ?? ''),
    },
  ];
}

/** The recap as a PDF: landscape A4, a section per ranting, page numbers. */
export async function rekapPdf(doc: RekapDocument, now: Date): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    font: FONT,
    info: {
      Title: `${doc.judul}${doc.draf ? ' (DRAF)' : ''}`,
      Creator: 'UKT Penguji',
      Producer: 'UKT Penguji',
      CreationDate: now,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - FOOTER;
  const columns = columnsOf(pdf, doc, width);
  let y = MARGIN;

  const watermark = () => {
    if (!doc.draf) return;
    const { width: w, height: h } = pdf.page;
    pdf.save();
    pdf.rotate(-30, { origin: [w / 2, h / 2] });
    pdf.font(FONT_BOLD).fontSize(150).fillColor('#000000', 0.06);
    pdf.text('DRAF', 0, h / 2 - 90, { width: w, align: 'center', lineBreak: false });
    pdf.restore();
    pdf.fillColor('#000000', 1);
  };

  const pageHeader = (first: boolean) => {
    watermark();
    y = MARGIN;
    pdf
      .font(FONT_BOLD)
      .fontSize(doc.draf ? 11 : 9)
      .fillColor(doc.draf ? '#b71c1c' : '#1b5e20');
    pdf.text(doc.status, left, y, { width, lineBreak: false });
    y += pdf.currentLineHeight(true) + 1;
    pdf
      .font(FONT_BOLD)
      .fontSize(first ? 13 : 9)
      .fillColor('#000000');
    pdf.text(doc.judul, left, y, { width, lineBreak: false });
    y += pdf.currentLineHeight(true) + 2;
    if (first) {
      pdf.font(FONT).fontSize(8);
      for (const line of doc.keterangan) {
        pdf.text(line, left, y, { width, lineBreak: false });
        y += pdf.currentLineHeight(true);
      }
      y += 4;
    }
  };

  const tableHeader = () => {
    pdf.font(FONT_BOLD).fontSize(HEAD_SIZE);
    const height =
      Math.max(...columns.map((c) => pdf.heightOfString(c.label, { width: c.width - 2 * PAD }))) + 2 * PAD;
    pdf.rect(left, y, width, height).fill('#e8eaf6');
    pdf.fillColor('#000000');
    let x = left;
    for (const c of columns) {
      pdf.text(c.label, x + PAD, y + PAD, {
        width: c.width - 2 * PAD,
        align: c.align === 'right' ? 'right' : c.align,
      });
      x += c.width;
    }
    y += height;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.6)
      .stroke(LINE);
  };

  const newPage = () => {
    pdf.addPage();
    pageHeader(false);
    tableHeader();
  };

  const sectionHeading = (rows: RekapEntry[], continued: boolean) => {
    const first = rows[0] as RekapEntry;
    const label = `${first.perwapus} › ${first.cabang} › ${first.ranting} (${rows.length} peserta)${continued ? ' — lanjutan' : ''}`;
    pdf.font(FONT_BOLD).fontSize(7.5);
    const height = pdf.currentLineHeight(true) + 2 * PAD;
    if (y + height + 14 > bottom()) newPage();
    pdf.rect(left, y, width, height).fill('#f5f5f5');
    pdf.fillColor('#000000').text(label, left + PAD, y + PAD, { width: width - 2 * PAD, lineBreak: false });
    y += height;
  };

  // Most cells fit on one line: those are placed directly (pdfkit's line wrapper is the slow
  // path); only a cell wider than its column (a long name or reasons) is wrapped.
  const tableRow = (row: RekapEntry, index: number) => {
    pdf.font(FONT).fontSize(SIZE);
    const lineHeight = pdf.currentLineHeight(true);
    const cells = columns.map((c) => {
      const text = c.text(row);
      const inner = c.width - 2 * PAD;
      const textWidth = pdf.widthOfString(text);
      return { text, inner, textWidth, wraps: textWidth > inner };
    });
    const height =
      Math.max(
        ...cells.map((cell) =>
          cell.wraps ? pdf.heightOfString(cell.text, { width: cell.inner }) : lineHeight,
        ),
      ) +
      2 * PAD;
    if (y + height > bottom()) return false;
    if (index % 2 === 1) pdf.rect(left, y, width, height).fill('#fafafa');
    let x = left;
    columns.forEach((c, i) => {
      const cell = cells[i] as (typeof cells)[number];
      pdf.fillColor(c.color?.(row) ?? '#000000');
      if (cell.wraps) {
        pdf.text(cell.text, x + PAD, y + PAD, { width: cell.inner, align: c.align });
      } else {
        const free = cell.inner - cell.textWidth;
        const shift = c.align === 'right' ? free : c.align === 'center' ? free / 2 : 0;
        pdf.text(cell.text, x + PAD + shift, y + PAD, { lineBreak: false });
      }
      x += c.width;
    });
    y += height;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .stroke('#e0e0e0');
    return true;
  };

  pageHeader(true);
  tableHeader();
  if (!doc.rekap.rows.length) {
    pdf.font(FONT).fontSize(SIZE).fillColor('#000000');
    pdf.text('Belum ada peserta.', left + PAD, y + PAD, { width });
  }
  let drawn = 0;
  for (const rows of byRanting(doc.rekap.rows)) {
    sectionHeading(rows, false);
    for (const [i, row] of rows.entries()) {
      if (!tableRow(row, i)) {
        newPage();
        sectionHeading(rows, true);
        tableRow(row, i);
      }
      // pdfkit draws synchronously: let other requests (score writes) run between slices.
      if (++drawn % ROWS_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // Text below the bottom margin would open a new page: the footer lifts the margin.
    pdf.page.margins.bottom = 0;
    pdf.font(FONT).fontSize(7).fillColor('#616161');
    const footer = `${doc.judul} · ${doc.draf ? 'DRAF · ' : ''}halaman ${i - start + 1} dari ${count}`;
    pdf.text(footer, left, pdf.page.height - MARGIN - 9, { width, align: 'right', lineBreak: false });
  }
  pdf.end();
  return done;
}
