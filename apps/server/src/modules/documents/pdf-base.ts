import { createRequire } from 'node:module';
import { ZONA_IANA, type ZonaWaktu } from '@ukt/core';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// What every document of DESIGN §11 shares: A4, DejaVu fonts embedded (subset) as the recap PDF
// embeds them (docs/decisions/040), QR codes as PNG images made by `qrcode`, the DRAF watermark
// of a document whose event is not ratified yet, and Indonesian dates.

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
// Named by path, not registered under an alias: pdfkit caches an opened font under its path.
export const FONT = fontFile('DejaVuSansCondensed.ttf');
export const FONT_BOLD = fontFile('DejaVuSansCondensed-Bold.ttf');
export const FONT_SERIF_BOLD = fontFile('DejaVuSerif-Bold.ttf');
export const FONT_SERIF_ITALIC = fontFile('DejaVuSerif-Italic.ttf');

/** The text that stands for a missing value in a document. */
export const KOSONG = '–';

/** An open PDF and the promise of its bytes once `pdf.end()` is called. */
export interface OpenPdf {
  pdf: PDFKit.PDFDocument;
  done: Promise<Buffer>;
}

/** A new A4 document with the regular font set, collecting its bytes. */
export function openPdf(options: {
  title: string;
  now: Date;
  layout?: 'portrait' | 'landscape';
  margin: number;
}): OpenPdf {
  const { margin } = options;
  const pdf = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    autoFirstPage: false,
    font: FONT,
    info: {
      Title: options.title,
      Creator: 'UKT Penguji',
      Producer: 'UKT Penguji',
      CreationDate: options.now,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** A big, faint, slanted 'DRAF' across the current page, under what is drawn after it. */
export function drafWatermark(pdf: PDFKit.PDFDocument): void {
  const { width: w, height: h } = pdf.page;
  pdf.save();
  pdf.rotate(-30, { origin: [w / 2, h / 2] });
  pdf
    .font(FONT_BOLD)
    .fontSize(Math.min(w, h) / 3.5)
    .fillColor('#000000', 0.07);
  pdf.text('DRAF', 0, h / 2 - Math.min(w, h) / 7, { width: w, align: 'center', lineBreak: false });
  pdf.restore();
  pdf.fillColor('#000000', 1);
}

/** Page numbers in the bottom margin of every page: 'label · halaman n dari m'. */
export function pageFooters(pdf: PDFKit.PDFDocument, label: string, margin: number): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // Text below the bottom margin would open a new page: the footer lifts the margin.
    pdf.page.margins.bottom = 0;
    pdf.font(FONT).fontSize(7).fillColor('#616161');
    pdf.text(`${label} · halaman ${i - start + 1} dari ${count}`, margin, pdf.page.height - margin + 8, {
      width: pdf.page.width - 2 * margin,
      align: 'right',
      lineBreak: false,
    });
  }
  pdf.fillColor('#000000');
}

/**
 * A QR code of a text as a PNG: 4 pixels a module and a 2-module quiet zone, placed at about
 * 100 pt (PDF viewers and printers scale it without smoothing, so it stays sharp). Grey without
 * an alpha channel: pdfkit then embeds the PNG's data as it is instead of decoding every pixel,
 * which made a page of cards ten times slower.
 */
export function qrPng(text: string): Promise<Buffer> {
  const rendererOpts = { colorType: 0, filterType: 0 } as QRCode.QRCodeToBufferOptions['rendererOpts'];
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4, rendererOpts });
}

/** A date as Indonesians write it in a document: '23 November 2026'. */
export function tanggalPanjang(iso: string): string {
  return new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** An event's test dates: one day, or the first and last. */
export function tanggalKegiatan(kegiatan: { tanggal_tes: string; akhir_tes: string | null }): string {
  const { tanggal_tes, akhir_tes } = kegiatan;
  if (!akhir_tes || akhir_tes === tanggal_tes) return tanggalPanjang(tanggal_tes);
  return `${tanggalPanjang(tanggal_tes)} – ${tanggalPanjang(akhir_tes)}`;
}

/**
 * A date and time for a printed deadline in the organisation's time zone: '24 November 2026 pukul
 * 14.05 WIB', the same instant '24 November 2026 pukul 15.05 WITA' (docs/decisions/137).
 */
export function waktuPanjang(at: Date, zona: ZonaWaktu): string {
  const text = new Intl.DateTimeFormat('id-ID', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: ZONA_IANA[zona],
  }).format(at);
  return `${text.replace(/\s*pukul\s*/, ' pukul ')} ${zona}`;
}

/** Yields to the event loop: pdfkit draws synchronously, score writes must not wait for a long document. */
export const breathe = () => new Promise((resolve) => setImmediate(resolve));
