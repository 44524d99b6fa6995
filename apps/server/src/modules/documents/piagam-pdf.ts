import type { Penandatangan } from '@ukt/core';
import { DRAF_LINE } from '../results/rekap-document';
import { drawLogo, line } from './card-parts';
import {
  breathe,
  drafWatermark,
  FONT,
  FONT_BOLD,
  FONT_SERIF_BOLD,
  FONT_SERIF_ITALIC,
  openPdf,
  qrPng,
} from './pdf-base';
import { type SabukWarna, wilayahText } from './sabuk-text';
import { signatureBlocks } from './signature-blocks';

// The piagam (DESIGN §11): one landscape A4 page per participant who passed, framed in the
// organisation's colour, with its logo and name, the participant, the belt promotion in words
// over a ribbon of the new belt's colour, the score in Indonesian style, the test date, the place
// and signing date above the signatories' names (docs/decisions/110, 111), the certificate number,
// and a QR to the public check /verifikasi/{kode} with its address printed readably under it.
// Before the event is ratified the pages say DRAF and carry no number and no QR (docs/decisions/043).

/** One participant's piagam. */
export interface Piagam {
  nama: string;
  ranting: string;
  rayon: string;
  predikat: string;
  /** The final score as printed ('73,14'). */
  nilai: string;
  /** The certificate number and the verification address; null on a DRAF. */
  nomor: string | null;
  url: string | null;
}

/** The piagam of an event. */
export interface PiagamDocument {
  organisasi: string;
  warna: string;
  logo: Buffer | null;
  /** The event as the piagam names it: 'Ujian Kenaikan Tingkat I · UKT Sabuk Polos Ke Jambon'. */
  kegiatan: string;
  /** The belt promotion in words: 'Sabuk Polos ke Jambon'. */
  kenaikan: string;
  /** The colour of the belt the participants were promoted to; null draws no ribbon. */
  sabuk: SabukWarna | null;
  /** When the tests were held ('23 November 2026'). */
  tanggal: string;
  /** Where, and the date the signatures are for ('Madiun, 24 November 2026'). */
  tempatTanggal: string;
  /** Who signs, left to right. */
  penandatangan: Penandatangan[];
  draf: boolean;
  piagam: Piagam[];
}

const QR = 78;
/** Room for the verification address, up to the signature blocks. */
const URL_WIDTH = 305;
const INK = '#212121';
const MUTED = '#555555';

/** The double frame in the organisation's colour, with a small diamond in each corner. */
function drawFrame(pdf: PDFKit.PDFDocument, warna: string, sabuk: SabukWarna | null) {
  const { width: w, height: h } = pdf.page;
  pdf
    .rect(16, 16, w - 32, h - 32)
    .lineWidth(5)
    .stroke(warna);
  pdf
    .rect(25, 25, w - 50, h - 50)
    .lineWidth(0.8)
    .stroke(warna);
  if (sabuk) {
    pdf
      .rect(29, 29, w - 58, h - 58)
      .lineWidth(1.6)
      .stroke(sabuk.isi === '#ffffff' ? '#d6d6d6' : sabuk.isi);
  }
  for (const [cx, cy] of [
    [25, 25],
    [w - 25, 25],
    [25, h - 25],
    [w - 25, h - 25],
  ] as const) {
    pdf.polygon([cx, cy - 9], [cx + 9, cy], [cx, cy + 9], [cx - 9, cy]).fillAndStroke(warna, '#ffffff');
  }
  pdf.fillColor('#000000').strokeColor('#000000');
}

/** A belt drawn as a band with a knot, centred on `cx`. */
function drawSabuk(pdf: PDFKit.PDFDocument, sabuk: SabukWarna, cx: number, y: number) {
  const band = 240;
  const height = 9;
  pdf.save();
  pdf.lineWidth(0.8);
  pdf.roundedRect(cx - band / 2, y, band, height, 2).fillAndStroke(sabuk.isi, sabuk.garis);
  // The two ends hanging from the knot, then the knot over them.
  pdf
    .polygon(
      [cx - 4, y + height],
      [cx - 13, y + height + 15],
      [cx - 6, y + height + 16],
      [cx + 1, y + height],
    )
    .fillAndStroke(sabuk.isi, sabuk.garis);
  pdf
    .polygon(
      [cx + 1, y + height],
      [cx + 9, y + height + 16],
      [cx + 15, y + height + 13],
      [cx + 5, y + height],
    )
    .fillAndStroke(sabuk.isi, sabuk.garis);
  pdf.roundedRect(cx - 8, y - 3, 16, height + 6, 3).fillAndStroke(sabuk.isi, sabuk.garis);
  pdf.restore();
  pdf.fillColor('#000000').strokeColor('#000000');
}

/** A name in the serif face, shrunk from `size` down to 18 pt and then cut, to fit `width`. */
function drawNama(pdf: PDFKit.PDFDocument, nama: string, x: number, y: number, width: number) {
  let size = 30;
  pdf.font(FONT_SERIF_BOLD).fontSize(size);
  while (size > 18 && pdf.widthOfString(nama) > width) pdf.fontSize(--size);
  let shown = nama;
  while (shown.length > 1 && pdf.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
  if (shown !== nama) shown = `${shown.trimEnd()}…`;
  pdf.fillColor(INK).text(shown, x, y + (30 - size) / 2, { width, align: 'center', lineBreak: false });
  pdf.fillColor('#000000');
}

function italic(pdf: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  pdf.font(FONT_SERIF_ITALIC).fontSize(12).fillColor(MUTED);
  pdf.text(text, x, y, { width, align: 'center', lineBreak: false });
  pdf.fillColor('#000000');
}

async function drawPiagam(pdf: PDFKit.PDFDocument, doc: PiagamDocument, p: Piagam) {
  pdf.addPage();
  const { width: w, height: h } = pdf.page;
  if (doc.draf) drafWatermark(pdf);
  drawFrame(pdf, doc.warna, doc.sabuk);

  const text = 640;
  const x = (w - text) / 2;
  drawLogo(pdf, doc.logo, doc.organisasi, w / 2 - 27, 42, 54, doc.warna);
  pdf.font(FONT_SERIF_BOLD).fontSize(13).fillColor(INK);
  pdf.text(doc.organisasi.toUpperCase(), x, 102, {
    width: text,
    align: 'center',
    characterSpacing: 1.5,
    lineBreak: false,
  });
  pdf.font(FONT_SERIF_BOLD).fontSize(38).fillColor(doc.warna);
  pdf.text('PIAGAM', x, 120, { width: text, align: 'center', characterSpacing: 12, lineBreak: false });
  pdf.fillColor('#000000');
  if (p.nomor) line(pdf, `Nomor: ${p.nomor}`, x, 166, text, { size: 9.5, align: 'center', color: MUTED });
  else
    line(pdf, `Nomor: ${DRAF_LINE}`, x, 166, text, {
      size: 9.5,
      bold: true,
      color: '#b71c1c',
      align: 'center',
    });

  italic(pdf, 'diberikan kepada', x, 190, text);
  drawNama(pdf, p.nama, x, 208, text);
  pdf
    .moveTo(w / 2 - 150, 248)
    .lineTo(w / 2 + 150, 248)
    .lineWidth(0.8)
    .stroke(doc.warna);
  const wilayah = `${wilayahText('Ranting', p.ranting)} · ${wilayahText('Rayon', p.rayon)}`;
  line(pdf, wilayah, x, 254, text, { size: 10, align: 'center', color: MUTED });

  italic(pdf, 'telah dinyatakan', x, 276, text);
  pdf.font(FONT_SERIF_BOLD).fontSize(22).fillColor('#1b5e20');
  pdf.text('LULUS', x, 292, { width: text, align: 'center', characterSpacing: 1.5, lineBreak: false });
  line(pdf, `dalam ${doc.kegiatan}`, x, 324, text, { size: 10.5, align: 'center', color: INK });
  line(pdf, `kenaikan ${doc.kenaikan}`, x, 341, text, { size: 13, bold: true, align: 'center', color: INK });
  if (doc.sabuk) drawSabuk(pdf, doc.sabuk, w / 2, 364);
  line(pdf, `dengan predikat ${p.predikat} dan nilai akhir ${p.nilai}`, x, 396, text, {
    size: 10.5,
    align: 'center',
    color: INK,
  });
  line(pdf, `diuji pada ${doc.tanggal}`, x, 412, text, { size: 10.5, align: 'center', color: INK });

  // The verification QR bottom left, the signatures bottom right.
  const qrX = 54;
  const qrY = h - 50 - QR - 24;
  if (p.url) {
    pdf.image(await qrPng(p.url), qrX, qrY, { width: QR, height: QR });
    line(pdf, 'Periksa keaslian piagam: pindai QR atau buka', qrX, qrY + QR + 4, 300, {
      size: 7.5,
      color: MUTED,
    });
    // The whole address, never cut: a long PUBLIC_URL gets a smaller size (8 down to 5.5 pt).
    pdf.font(FONT_BOLD);
    let size = 8;
    while (size > 5.5 && pdf.fontSize(size).widthOfString(p.url) > URL_WIDTH) size -= 0.5;
    line(pdf, p.url, qrX, qrY + QR + 14, URL_WIDTH, { size, bold: true, color: INK });
  } else {
    pdf.save();
    pdf.rect(qrX, qrY, QR, QR).lineWidth(0.8).dash(3, { space: 3 }).stroke('#9e9e9e');
    pdf.undash();
    pdf.restore();
    pdf.font(FONT).fontSize(7).fillColor('#616161');
    pdf.text('QR verifikasi terbit setelah kegiatan disahkan', qrX + 4, qrY + QR / 2 - 12, {
      width: QR - 8,
      align: 'center',
    });
    pdf.fillColor('#000000');
  }
  signatureBlocks(pdf, {
    x: w - 54 - 420,
    y: h - 50 - 112,
    width: 420,
    tempatTanggal: doc.tempatTanggal,
    penandatangan: doc.penandatangan,
  });
}

/** The piagam of an event as a landscape A4 PDF, a page each. */
export async function piagamPdf(doc: PiagamDocument, now: Date): Promise<Buffer> {
  const { pdf, done } = openPdf({
    title: `Piagam ${doc.kegiatan}${doc.draf ? ' (DRAF)' : ''}`,
    now,
    layout: 'landscape',
    margin: 30,
  });
  for (const [i, p] of doc.piagam.entries()) {
    if (i > 0 && i % 10 === 0) await breathe();
    await drawPiagam(pdf, doc, p);
  }
  pdf.end();
  return done;
}
