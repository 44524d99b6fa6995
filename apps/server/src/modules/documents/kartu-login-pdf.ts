import type { ZonaWaktu } from '@ukt/core';
import { CARD_MARGIN, type CardCell, drawCards } from './card-grid';
import { CARD_PAD, drawCardFrame, line, lines } from './card-parts';
import { openPdf, waktuPanjang } from './pdf-base';

// Examiner login cards (DESIGN §11): 8 to an A4 page; each shows the examiner's name and number
// and a QR of their single-use /ut/{token} login link, valid until the time printed on it. A
// committee admin's card holds no QR: admins sign in with a WhatsApp code (docs/decisions/109).

/** One examiner's login card. */
export interface KartuLogin {
  nama: string;
  /** The WhatsApp number as printed: '+62 812-3456-7890'. */
  nomor: string;
  /** The login link the QR holds and until when it works; null for a committee admin. */
  login: { url: string; berlakuSampai: Date } | null;
  /** What they are assigned to, printed under the number ('' for nothing). */
  tugas: string;
}

/** The login cards of one print run. */
export interface KartuLoginDocument {
  organisasi: string;
  warna: string;
  logo: Buffer | null;
  /** The organisation's time zone, the validity's time is printed in. */
  zona: ZonaWaktu;
  kartu: KartuLogin[];
}

async function drawKartu(pdf: PDFKit.PDFDocument, doc: KartuLoginDocument, k: KartuLogin, c: CardCell) {
  const subtitle = k.login ? 'KARTU LOGIN PENGUJI' : 'KARTU ADMIN PANITIA';
  const { left, top, width: textW, inner } = await drawCardFrame(pdf, doc, subtitle, k.login?.url ?? null, c);
  let y = top;
  y += line(pdf, k.login ? 'NAMA PENGUJI' : 'NAMA ADMIN PANITIA', left, y, textW, {
    size: 6.5,
    color: '#616161',
  });
  y += lines(pdf, k.nama, left, y, textW, 2, { size: 11, bold: true }) + 4;
  y += line(pdf, 'NOMOR WHATSAPP', left, y, textW, { size: 6.5, color: '#616161' });
  y += line(pdf, k.nomor, left, y, textW, { size: 9.5, bold: true }) + 6;
  if (k.tugas) y += lines(pdf, k.tugas, left, y, textW, 2, { size: 6.5, bold: true }) + 3;
  y += lines(
    pdf,
    k.login
      ? 'Pindai QR dengan kamera HP untuk masuk. Sekali pakai; jangan dibagikan.'
      : 'Admin panitia masuk dengan nomor WhatsApp dan kode OTP, tanpa QR.',
    left,
    y,
    textW,
    3,
    { size: 6.5 },
  );
  if (k.login) {
    line(
      pdf,
      `Berlaku sampai ${waktuPanjang(k.login.berlakuSampai, doc.zona)}`,
      left,
      c.y + c.height - CARD_PAD - 9,
      inner,
      {
        size: 6.5,
        bold: true,
        color: '#b71c1c',
      },
    );
  }
}

/** The login cards as an A4 PDF, 8 to a page. */
export async function kartuLoginPdf(doc: KartuLoginDocument, now: Date): Promise<Buffer> {
  const { pdf, done } = openPdf({ title: 'Kartu login penguji', now, margin: CARD_MARGIN });
  await drawCards(pdf, doc.kartu, (k, cell) => drawKartu(pdf, doc, k, cell));
  pdf.end();
  return done;
}
