import { breathe } from './pdf-base';

// Cards of DESIGN §11 are printed 8 to an A4 page, 2 across and 4 down, with dashed cutting lines
// between them: a cell is about 96 × 70 mm, so a name in 11 pt and a 40 mm QR fit side by side.

/** Where one card is drawn on its page. */
export interface CardCell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Margin of a card page, in points. */
export const CARD_MARGIN = 24;
const COLUMNS = 2;
const ROWS = 4;
/** Cards on one page. */
const CARDS_PER_PAGE = COLUMNS * ROWS;

function cutLines(pdf: PDFKit.PDFDocument) {
  const { width, height } = pdf.page;
  const cellW = (width - 2 * CARD_MARGIN) / COLUMNS;
  const cellH = (height - 2 * CARD_MARGIN) / ROWS;
  pdf.save();
  pdf.lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#9e9e9e');
  for (let c = 0; c <= COLUMNS; c++) {
    const x = CARD_MARGIN + c * cellW;
    pdf
      .moveTo(x, CARD_MARGIN)
      .lineTo(x, height - CARD_MARGIN)
      .stroke();
  }
  for (let r = 0; r <= ROWS; r++) {
    const y = CARD_MARGIN + r * cellH;
    pdf
      .moveTo(CARD_MARGIN, y)
      .lineTo(width - CARD_MARGIN, y)
      .stroke();
  }
  pdf.undash();
  pdf.restore();
}

/** Draws each item as a card, 8 to a page, letting other requests run between pages. */
export async function drawCards<T>(
  pdf: PDFKit.PDFDocument,
  items: readonly T[],
  draw: (item: T, cell: CardCell) => Promise<void>,
): Promise<void> {
  for (const [i, item] of items.entries()) {
    const slot = i % CARDS_PER_PAGE;
    if (slot === 0) {
      if (i > 0) await breathe();
      pdf.addPage();
      cutLines(pdf);
    }
    const { width, height } = pdf.page;
    const cellW = (width - 2 * CARD_MARGIN) / COLUMNS;
    const cellH = (height - 2 * CARD_MARGIN) / ROWS;
    await draw(item, {
      x: CARD_MARGIN + (slot % COLUMNS) * cellW,
      y: CARD_MARGIN + Math.floor(slot / COLUMNS) * cellH,
      width: cellW,
      height: cellH,
    });
  }
}
