import { FONT, FONT_BOLD } from './pdf-base';

// Pieces both kinds of card draw: the organisation's logo (or its initials when no PNG/JPEG logo
// was uploaded: pdfkit embeds only those) and single lines of text cut with an ellipsis.

/** The letters standing in for a missing logo: the first letter of up to three words. */
const initials = (nama: string) =>
  nama
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 3)
    .map((w) => w[0]?.toUpperCase())
    .join('') || 'UKT';

/** The logo in a size × size box at (x, y). */
export function drawLogo(
  pdf: PDFKit.PDFDocument,
  logo: Buffer | null,
  organisasi: string,
  x: number,
  y: number,
  size: number,
  warna: string,
): void {
  if (logo) {
    pdf.image(logo, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    return;
  }
  pdf.save();
  pdf.circle(x + size / 2, y + size / 2, size / 2).fill(warna);
  const text = initials(organisasi);
  pdf
    .font(FONT_BOLD)
    .fontSize(size / (text.length > 2 ? 3.2 : 2.6))
    .fillColor('#ffffff');
  const h = pdf.currentLineHeight();
  pdf.text(text, x, y + (size - h) / 2, { width: size, align: 'center', lineBreak: false });
  pdf.restore();
  pdf.fillColor('#000000');
}

/** One line of text at most `width` wide, cut with '…' when longer; answers the line's height. */
export function line(
  pdf: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  options: { size: number; bold?: boolean; color?: string; align?: 'left' | 'center' | 'right' },
): number {
  pdf
    .font(options.bold ? FONT_BOLD : FONT)
    .fontSize(options.size)
    .fillColor(options.color ?? '#000000');
  let shown = text;
  if (pdf.widthOfString(shown) > width) {
    while (shown.length > 1 && pdf.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown.trimEnd()}…`;
  }
  const height = pdf.currentLineHeight(true);
  pdf.text(shown, x, y, { width, align: options.align ?? 'left', lineBreak: false });
  pdf.fillColor('#000000');
  return height;
}

/** Text wrapped in `width` on at most `lines` lines (the last cut with '…'); answers the height used. */
export function lines(
  pdf: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  maxLines: number,
  options: { size: number; bold?: boolean },
): number {
  pdf.font(options.bold ? FONT_BOLD : FONT).fontSize(options.size);
  const lineHeight = pdf.currentLineHeight(true);
  const height = Math.min(pdf.heightOfString(text, { width }), lineHeight * maxLines);
  pdf.text(text, x, y, { width, height: height + 0.5, ellipsis: '…' });
  return height;
}
