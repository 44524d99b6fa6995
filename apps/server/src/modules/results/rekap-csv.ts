import { csvText, formatScore } from '@ukt/core';
import type { RekapColumn, RekapDocument } from './rekap-document';

/** A cell's text: a score with two decimals and a comma ('68,50', '73,14'; docs/decisions/144), anything else as it is. */
function cellText(column: RekapColumn, value: string | number | null): string {
  if (value === null) return '';
  return column.kind === 'score' && typeof value === 'number' ? formatScore(value) : String(value);
}

/**
 * The recap as CSV for Excel (core's csvText: UTF-8 with a BOM, ';' between cells, CRLF): 'DRAF — belum disahkan
 * panitia' on the first line until the event is ratified, then the header and one line per
 * participant. An unscored component is an empty cell, never 0.
 */
export function rekapCsv(doc: RekapDocument): Buffer {
  const lines = [
    ...(doc.draf ? [[doc.status]] : []),
    doc.columns.map((c) => c.header),
    ...doc.rekap.rows.map((row) => doc.columns.map((c) => cellText(c, c.cell(row)))),
  ];
  return Buffer.from(csvText(lines), 'utf8');
}
