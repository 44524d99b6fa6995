import { formatScore } from '@ukt/core';
import type { RekapColumn, RekapDocument } from './rekap-document';

/**
 * The separator between cells: ';', the list separator of Excel on an Indonesian Windows, which
 * opens the file as columns on a double-click (a ',' file is one column there). Scores carry a
 * decimal comma, which that Excel reads as a number (docs/decisions/137).
 */
export const CSV_SEPARATOR = ';';

/**
 * A CSV cell: quoted when it holds the separator, a quote or a line break (a decimal comma is not
 * quoted, so it stays a number), and defused when a spreadsheet would run it as a formula.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell's text: a score with two decimals and a comma ('68,50', '73,14'; docs/decisions/144), anything else as it is. */
function cellText(column: RekapColumn, value: string | number | null): string {
  if (value === null) return '';
  return column.kind === 'score' && typeof value === 'number' ? formatScore(value) : String(value);
}

/**
 * The recap as CSV for Excel (UTF-8 with a BOM, ';' between cells, CRLF): 'DRAF — belum disahkan
 * panitia' on the first line until the event is ratified, then the header and one line per
 * participant. An unscored component is an empty cell, never 0.
 */
export function rekapCsv(doc: RekapDocument): Buffer {
  const line = (cells: string[]) => cells.map(csvCell).join(CSV_SEPARATOR);
  const lines = [
    ...(doc.draf ? [line([doc.status])] : []),
    line(doc.columns.map((c) => c.header)),
    ...doc.rekap.rows.map((row) => line(doc.columns.map((c) => cellText(c, c.cell(row))))),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
