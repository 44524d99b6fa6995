import { CARD_MARGIN, type CardCell, drawCards } from './card-grid';
import { CARD_PAD, CARD_QR, drawCardFrame, line, lines } from './card-parts';
import { openPdf } from './pdf-base';
import { wilayahText } from './sabuk-text';

// Participant cards (DESIGN §11): 8 to an A4 page; each shows the logo, the event, the no_urut in
// large digits, the name, ranting and rayon, the belt, and a QR holding only the signed card code
// (`UKT:<id_ukt>:<id_siswa>:<signature>`), never personal data.

/** One participant's card. */
export interface KartuPeserta {
  no_urut: number;
  nama: string;
  ranting: string;
  rayon: string;
  /** The signed card code the QR holds. */
  kode: string;
}

/** What every card of the document shows alike. */
export interface KartuPesertaDocument {
  organisasi: string;
  warna: string;
  logo: Buffer | null;
  kegiatan: string;
  sabuk: string;
  kartu: KartuPeserta[];
}

async function drawKartu(pdf: PDFKit.PDFDocument, doc: KartuPesertaDocument, k: KartuPeserta, c: CardCell) {
  const { left, top, width: textW, qrX } = await drawCardFrame(pdf, doc, doc.kegiatan, k.kode, c);
  let y = top;
  y += line(pdf, 'NO. PESERTA', left, y, textW, { size: 6.5, color: '#616161' });
  y += line(pdf, String(k.no_urut), left, y - 2, textW, { size: 26, bold: true }) - 4;
  y += lines(pdf, k.nama, left, y, textW, 2, { size: 10.5, bold: true }) + 3;
  y += line(pdf, wilayahText('Ranting', k.ranting), left, y, textW, { size: 7.5 });
  y += line(pdf, wilayahText('Rayon', k.rayon), left, y, textW, { size: 7.5 });
  line(pdf, doc.sabuk, left, y + 3, textW, { size: 7.5, bold: true });

  const footY = c.y + c.height - CARD_PAD - 9;
  line(pdf, 'KARTU PESERTA UKT', left, footY, textW, { size: 6.5, bold: true, color: '#616161' });
  line(pdf, 'Tunjukkan kepada penguji', qrX, top + CARD_QR + 2, CARD_QR, {
    size: 6,
    color: '#616161',
    align: 'center',
  });
}

/** The cards as an A4 PDF, 8 to a page. */
export async function kartuPesertaPdf(doc: KartuPesertaDocument, now: Date): Promise<Buffer> {
  const { pdf, done } = openPdf({ title: `Kartu peserta ${doc.kegiatan}`, now, margin: CARD_MARGIN });
  await drawCards(pdf, doc.kartu, (k, cell) => drawKartu(pdf, doc, k, cell));
  pdf.end();
  return done;
}
