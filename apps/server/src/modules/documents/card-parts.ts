import type { CardCell } from './card-grid';
import { FONT, FONT_BOLD, qrPng } from './pdf-base';

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

/** The inner padding of a card and the side of its QR, in points. */
export const CARD_PAD = 10;
export const CARD_QR = 112;

/**
 * The frame every card shares: the organisation's logo and name over `subtitle`, a rule in the
 * organisation's colour, and the QR of `qrText` on the right (none for null). Answers where the card's own text
 * goes (its left edge, its top and its width up to the QR), the card's inner width and the QR's x.
 */
export async function drawCardFrame(
  pdf: PDFKit.PDFDocument,
  head: { organisasi: string; logo: Buffer | null; warna: string },
  subtitle: string,
  qrText: string | null,
  c: CardCell,
): Promise<{ left: number; top: number; width: number; inner: number; qrX: number }> {
  const left = c.x + CARD_PAD;
  const inner = c.width - 2 * CARD_PAD;
  drawLogo(pdf, head.logo, head.organisasi, left, c.y + CARD_PAD, 30, head.warna);
  line(pdf, head.organisasi, left + 36, c.y + CARD_PAD + 1, inner - 36, { size: 8.5, bold: true });
  line(pdf, subtitle, left + 36, c.y + CARD_PAD + 15, inner - 36, { size: 7.5, color: '#424242' });
  const ruleY = c.y + CARD_PAD + 36;
  pdf
    .moveTo(left, ruleY)
    .lineTo(left + inner, ruleY)
    .lineWidth(1.2)
    .stroke(head.warna);
  const qrX = c.x + c.width - CARD_PAD - CARD_QR;
  const top = ruleY + 6;
  if (qrText === null) return { left, top, width: inner, inner, qrX };
  pdf.image(await qrPng(qrText), qrX, top, { width: CARD_QR, height: CARD_QR });
  return { left, top, width: qrX - left - 6, inner, qrX };
}
