import type { PassStatus, Penandatangan, RekapStatus } from '@ukt/core';
import { drawLogo, line } from './card-parts';
import { breathe, drafWatermark, FONT, FONT_BOLD, openPdf, pageFooters } from './pdf-base';
import { SIGNATURE_HEIGHT, signatureBlocks } from './signature-blocks';

// The berita acara (minutes) of an event (DESIGN §11): what was held, how many participants ended
// in each status, the result of every participant, and the signature blocks. Marked DRAF on
// every page until the event is ratified.

/** One participant's line of the result list. */
export interface BeritaAcaraRow {
  no_urut: number;
  nama: string;
  ranting: string;
  nilai: string;
  predikat: string;
  status: RekapStatus;
}

/** The minutes of an event. */
export interface BeritaAcaraDocument {
  organisasi: string;
  warna: string;
  logo: Buffer | null;
  kegiatan: string;
  /** The event under the title: 'Ujian Kenaikan Tingkat I · UKT Sabuk Polos Ke Jambon'. */
  judul: string;
  /** The opening paragraph. */
  pembukaan: string;
  /** 'DRAF — belum disahkan panitia', or when it was ratified. */
  status: string;
  draf: boolean;
  jumlah: Record<PassStatus, number>;
  mundur: number;
  rows: BeritaAcaraRow[];
  tempatTanggal: string;
  /** Who signs, left to right (docs/decisions/110). */
  penandatangan: Penandatangan[];
}

const MARGIN = 40;
const FOOTER = 16;
const STATUS_COLOR: Record<RekapStatus, string> = {
  Lulus: '#1b5e20',
  'Tidak Lulus': '#b71c1c',
  'Belum lengkap': '#6d4c41',
  Mundur: '#424242',
};

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right' | 'center';
  text: (row: BeritaAcaraRow) => string;
}

/** The minutes as a portrait A4 PDF. */
export async function beritaAcaraPdf(doc: BeritaAcaraDocument, now: Date): Promise<Buffer> {
  const { pdf, done } = openPdf({
    title: `Berita acara ${doc.kegiatan}${doc.draf ? ' (DRAF)' : ''}`,
    now,
    margin: MARGIN,
  });
  pdf.addPage();
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - FOOTER;
  const columns: Column[] = [
    { label: 'No', width: 34, align: 'right', text: (r) => String(r.no_urut) },
    { label: 'Nama', width: width - 34 - 120 - 52 - 76 - 84, align: 'left', text: (r) => r.nama },
    { label: 'Ranting', width: 120, align: 'left', text: (r) => r.ranting },
    { label: 'Nilai akhir', width: 52, align: 'right', text: (r) => r.nilai },
    { label: 'Predikat', width: 76, align: 'left', text: (r) => r.predikat },
    { label: 'Status', width: 84, align: 'left', text: (r) => r.status },
  ];
  let y = MARGIN;

  const pageTop = () => {
    y = MARGIN;
    line(pdf, doc.status, left, y, width, {
      size: doc.draf ? 10 : 8,
      bold: true,
      color: doc.draf ? '#b71c1c' : '#1b5e20',
    });
    y += 16;
  };
  const newPage = () => {
    pdf.addPage();
    pageTop();
  };
  const need = (height: number) => {
    if (y + height > bottom()) newPage();
  };

  // Heading, opening paragraph and the counts.
  pageTop();
  drawLogo(pdf, doc.logo, doc.organisasi, left, y, 40, doc.warna);
  line(pdf, doc.organisasi, left + 50, y + 4, width - 50, { size: 12, bold: true });
  line(pdf, doc.kegiatan, left + 50, y + 22, width - 50, { size: 9, color: '#424242' });
  y += 50;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1.2)
    .stroke(doc.warna);
  y += 12;
  y += line(pdf, 'BERITA ACARA', left, y, width, { size: 16, bold: true, align: 'center' });
  y += line(pdf, doc.judul, left, y, width, { size: 10.5, align: 'center' });
  y += 12;
  pdf.font(FONT).fontSize(10).fillColor('#000000');
  pdf.text(doc.pembukaan, left, y, { width, align: 'justify' });
  y = pdf.y + 10;

  const counts: [string, number, string][] = [
    ['Lulus', doc.jumlah.Lulus, STATUS_COLOR.Lulus],
    ['Tidak Lulus', doc.jumlah['Tidak Lulus'], STATUS_COLOR['Tidak Lulus']],
    [
      'Belum lengkap (ada komponen belum dinilai)',
      doc.jumlah['Belum lengkap'],
      STATUS_COLOR['Belum lengkap'],
    ],
    ['Mundur (tidak dinilai)', doc.mundur, STATUS_COLOR.Mundur],
  ];
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const countW = 300;
  for (const [label, n, color] of [
    ...counts,
    ['Jumlah peserta', total, '#000000'] as [string, number, string],
  ]) {
    const last = label === 'Jumlah peserta';
    if (last) {
      pdf
        .moveTo(left, y)
        .lineTo(left + countW, y)
        .lineWidth(0.6)
        .stroke('#000000');
      y += 2;
    }
    line(pdf, label, left + 4, y, countW - 60, { size: 10, bold: last, color });
    y += line(pdf, String(n), left + countW - 54, y, 50, { size: 10, bold: true, align: 'right', color });
  }
  y += 12;

  // The result list, its header repeated on each page.
  const tableHeader = () => {
    pdf.font(FONT_BOLD).fontSize(8);
    const height = pdf.currentLineHeight(true) + 6;
    pdf.rect(left, y, width, height).fill('#e8eaf6');
    pdf.fillColor('#000000');
    let x = left;
    for (const c of columns) {
      pdf.text(c.label, x + 3, y + 3, { width: c.width - 6, align: c.align, lineBreak: false });
      x += c.width;
    }
    y += height;
  };
  need(60);
  y += line(pdf, 'Daftar hasil ujian', left, y, width, { size: 11, bold: true }) + 2;
  tableHeader();
  if (!doc.rows.length) y += line(pdf, 'Belum ada peserta.', left + 3, y + 3, width, { size: 9 }) + 6;
  for (const [i, row] of doc.rows.entries()) {
    pdf.font(FONT).fontSize(8.5);
    const height = pdf.currentLineHeight(true) + 5;
    if (y + height > bottom()) {
      newPage();
      tableHeader();
    }
    if (i % 2 === 1) pdf.rect(left, y, width, height).fill('#f5f5f5');
    let x = left;
    for (const c of columns) {
      const color = c.label === 'Status' ? STATUS_COLOR[row.status] : '#000000';
      line(pdf, c.text(row), x + 3, y + 2.5, c.width - 6, {
        size: 8.5,
        bold: c.label === 'Status',
        color,
        align: c.align,
      });
      x += c.width;
    }
    y += height;
    if (i % 200 === 199) await breathe();
  }

  // Closing sentence and the signatures, kept together on one page.
  y += 14;
  need(30 + SIGNATURE_HEIGHT);
  pdf.font(FONT).fontSize(10).fillColor('#000000');
  pdf.text(
    'Demikian berita acara ini dibuat dengan sebenarnya untuk dipergunakan sebagaimana mestinya.',
    left,
    y,
    {
      width,
    },
  );
  y = pdf.y + 14;
  signatureBlocks(pdf, {
    x: left,
    y,
    width,
    tempatTanggal: doc.tempatTanggal,
    penandatangan: doc.penandatangan,
  });

  // The watermark goes over each finished page: the table's row shading would hide one beneath.
  if (doc.draf) {
    const { start, count } = pdf.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      pdf.switchToPage(i);
      drafWatermark(pdf);
    }
  }
  pageFooters(pdf, `Berita acara ${doc.kegiatan}${doc.draf ? ' · DRAF' : ''}`, MARGIN);
  pdf.end();
  return done;
}
