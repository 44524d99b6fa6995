import type { Penandatangan } from '@ukt/core';
import { FONT, FONT_BOLD } from './pdf-base';

// Signature blocks (DESIGN §11, docs/decisions/110): the documents are signed by hand after
// printing, so each block is a title, room for a signature and a stamp, and the signatory's name
// as the committee set it on the Organisasi page; without a name, a line to write it under.

/** Where the blocks go and whose they are; the place and date stand above the last block. */
export interface SignatureLayout {
  x: number;
  y: number;
  width: number;
  tempatTanggal: string;
  penandatangan: Penandatangan[];
}

/** Height the blocks take, from their top to the name line's caption. */
export const SIGNATURE_HEIGHT = 112;

/** Draws the blocks side by side across `width`. */
export function signatureBlocks(pdf: PDFKit.PDFDocument, layout: SignatureLayout): void {
  const { x, y, width, penandatangan } = layout;
  const each = width / penandatangan.length;
  const inner = each - 16;
  pdf.font(FONT).fontSize(9).fillColor('#000000');
  pdf.text(layout.tempatTanggal, x + width - each + 8, y, {
    width: inner,
    align: 'center',
    lineBreak: false,
  });
  penandatangan.forEach(({ jabatan, nama }, i) => {
    const left = x + i * each + 8;
    pdf.font(FONT_BOLD).fontSize(9).fillColor('#000000');
    pdf.text(`${jabatan},`, left, y + 14, { width: inner, align: 'center', height: 24, ellipsis: '…' });
    const lineY = y + 90;
    if (nama) {
      pdf.font(FONT_BOLD).fontSize(9.5);
      let shown = nama;
      while (shown.length > 1 && pdf.widthOfString(`${shown}…`) > inner) shown = shown.slice(0, -1);
      if (shown !== nama) shown = `${shown.trimEnd()}…`;
      const textWidth = pdf.widthOfString(shown);
      pdf.text(shown, left, lineY - 13, { width: inner, align: 'center', lineBreak: false });
      const start = left + (inner - textWidth) / 2;
      pdf
        .moveTo(start, lineY)
        .lineTo(start + textWidth, lineY)
        .lineWidth(0.6)
        .stroke('#000000');
      return;
    }
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
