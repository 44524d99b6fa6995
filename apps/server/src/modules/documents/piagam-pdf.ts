import { DRAF_LINE } from '../results/rekap-document';
import { drawLogo, line } from './card-parts';
import { breathe, drafWatermark, FONT, FONT_SERIF_BOLD, openPdf, qrPng } from './pdf-base';
import { wilayahText } from './sabuk-text';
import { signatureBlocks } from './signature-blocks';

// The piagam (DESIGN §11): one landscape A4 page per participant who passed, with the
// organisation, the participant, the belt promotion in words, the date and place, blank signature
// blocks, the certificate number, and a QR to the public check /verifikasi/{kode}. Before the event
// is ratified the pages say DRAF and carry no number and no QR (docs/decisions/043).

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
  /** When the tests were held ('23 November 2026'). */
  tanggal: string;
  /** Where, and the date the signatures are for ('Madiun, 24 November 2026'). */
  tempatTanggal: string;
  draf: boolean;
  piagam: Piagam[];
}

const QR = 80;

async function drawPiagam(pdf: PDFKit.PDFDocument, doc: PiagamDocument, p: Piagam) {
  pdf.addPage();
  const { width: w, height: h } = pdf.page;
  if (doc.draf) drafWatermark(pdf);
  pdf
    .rect(18, 18, w - 36, h - 36)
    .lineWidth(3)
    .stroke(doc.warna);
  pdf
    .rect(26, 26, w - 52, h - 52)
    .lineWidth(0.8)
    .stroke(doc.warna);

  const text = 640;
  const x = (w - text) / 2;
  drawLogo(pdf, doc.logo, doc.organisasi, w / 2 - 26, 40, 52, doc.warna);
  line(pdf, doc.organisasi.toUpperCase(), x, 98, text, { size: 15, bold: true, align: 'center' });
  pdf.font(FONT_SERIF_BOLD).fontSize(34).fillColor(doc.warna);
  pdf.text('PIAGAM', x, 120, { width: text, align: 'center', characterSpacing: 8, lineBreak: false });
  pdf.fillColor('#000000');
  if (p.nomor) line(pdf, `Nomor: ${p.nomor}`, x, 164, text, { size: 10, align: 'center' });
  else
    line(pdf, `Nomor: ${DRAF_LINE}`, x, 164, text, {
      size: 10,
      bold: true,
      color: '#b71c1c',
      align: 'center',
    });

  line(pdf, 'diberikan kepada', x, 190, text, { size: 11, align: 'center', color: '#424242' });
  pdf.font(FONT_SERIF_BOLD).fontSize(24);
  let nama = p.nama;
  while (nama.length > 1 && pdf.widthOfString(nama) > text) nama = nama.slice(0, -1);
  if (nama !== p.nama) nama = `${nama.trimEnd()}…`;
  pdf.text(nama, x, 208, { width: text, align: 'center', lineBreak: false });
  const wilayah = `${wilayahText('Ranting', p.ranting)} · ${wilayahText('Rayon', p.rayon)}`;
  line(pdf, wilayah, x, 242, text, { size: 10, align: 'center' });
  line(pdf, 'telah dinyatakan', x, 270, text, { size: 11, align: 'center', color: '#424242' });
  line(pdf, 'LULUS', x, 286, text, { size: 20, bold: true, align: 'center', color: '#1b5e20' });
  line(pdf, doc.kegiatan, x, 316, text, { size: 11, align: 'center' });
  line(pdf, `kenaikan ${doc.kenaikan}`, x, 334, text, { size: 12, bold: true, align: 'center' });
  line(pdf, `dengan predikat ${p.predikat} (nilai akhir ${p.nilai})`, x, 354, text, {
    size: 10.5,
    align: 'center',
  });
  line(pdf, `diuji pada ${doc.tanggal}`, x, 370, text, { size: 10.5, align: 'center' });

  // The verification QR bottom left, the signatures bottom right.
  const qrY = h - 48 - QR - 18;
  if (p.url) {
    pdf.image(await qrPng(p.url), 52, qrY, { width: QR, height: QR });
    line(pdf, 'Periksa keaslian piagam:', 52, qrY + QR + 3, 230, { size: 6.5, color: '#424242' });
    line(pdf, p.url, 52, qrY + QR + 11, 230, { size: 6.5, color: '#424242' });
  } else {
    pdf.save();
    pdf.rect(52, qrY, QR, QR).lineWidth(0.8).dash(3, { space: 3 }).stroke('#9e9e9e');
    pdf.undash();
    pdf.restore();
    pdf.font(FONT).fontSize(7).fillColor('#616161');
    pdf.text('QR verifikasi terbit setelah kegiatan disahkan', 56, qrY + QR / 2 - 12, {
      width: QR - 8,
      align: 'center',
    });
    pdf.fillColor('#000000');
  }
  signatureBlocks(pdf, {
    x: w - 52 - 420,
    y: h - 48 - 118,
    width: 420,
    tempatTanggal: doc.tempatTanggal,
    jabatan: ['Ketua Panitia UKT', `Ketua ${doc.organisasi}`],
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
