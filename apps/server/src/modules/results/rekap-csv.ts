import type { RekapDocument } from './rekap-document';

/** A CSV cell: quoted when it needs it, and defused when a spreadsheet would run it as a formula. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The recap as CSV (UTF-8 with a BOM, CRLF, for Excel): 'DRAF — belum disahkan panitia' on the
 * first line until the event is ratified, then the header and one line per participant. An
 * unscored component is an empty cell, never 0.
 */
export function rekapCsv(doc: RekapDocument): Buffer {
  const lines = [
    ...(doc.draf ? [csvCell(doc.status)] : []),
    doc.columns.map((c) => csvCell(c.header)).join(','),
    ...doc.rekap.rows.map((row) => doc.columns.map((c) => csvCell(c.cell(row))).join(',')),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
