import { FONT, FONT_BOLD } from './pdf-base';

// Blank signature blocks (DESIGN §11): the documents are signed by hand after printing, so each
// block is a title, room for a signature and a stamp, and a line for the name written under it.

/** Where the blocks go and whose they are; the place and date stand above the last block. */
export interface SignatureLayout {
  x: number;
  y: number;
  width: number;
  tempatTanggal: string;
  jabatan: string[];
}

/** Height the blocks take, from their top to the name line's caption. */
export const SIGNATURE_HEIGHT = 112;

/** Draws the blocks side by side across `width`. */
export function signatureBlocks(pdf: PDFKit.PDFDocument, layout: SignatureLayout): void {
  const { x, y, width, jabatan } = layout;
  const each = width / jabatan.length;
  const inner = each - 16;
  pdf.font(FONT).fontSize(9).fillColor('#000000');
  pdf.text(layout.tempatTanggal, x + width - each + 8, y, {
    width: inner,
    align: 'center',
    lineBreak: false,
  });
  jabatan.forEach((title, i) => {
    const left = x + i * each + 8;
    pdf.font(FONT_BOLD).fontSize(9);
    pdf.text(title, left, y + 14, { width: inner, align: 'center', height: 24, ellipsis: '…' });
    const lineY = y + 90;
    pdf
      .moveTo(left + 10, lineY)
      .lineTo(left + inner - 10, lineY)
      .lineWidth(0.6)
      .stroke('#000000');
    pdf.font(FONT).fontSize(7).fillColor('#616161');
    pdf.text('nama terang dan tanda tangan', left, lineY + 3, {
      width: inner,
      align: 'center',
      lineBreak: false,
    });
    pdf.fillColor('#000000');
  });
}
