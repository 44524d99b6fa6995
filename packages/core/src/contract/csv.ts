// The CSV files the app writes for Excel, on the server (the recap) and in the browser (an import
// preview's error rows), in one form (docs/decisions/137, 173): UTF-8 with a BOM, ';' between
// cells, CRLF after every line, and one rule for defusing what a spreadsheet would run.

/**
 * The separator between cells: ';', the list separator of Excel on an Indonesian Windows, which
 * opens the file as columns on a double-click (a ',' file is one column there). Scores carry a
 * decimal comma, which that Excel reads as a number (docs/decisions/137).
 */
export const CSV_SEPARATOR = ';';

/** A cell a spreadsheet would run: `=…`, `@…`, a tab or CR first, or `+`/`-` before anything but a plain number. */
const isFormula = (text: string) =>
  /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-]?[\d\s.,]*$/.test(text));

/**
 * A CSV cell: quoted when it holds the separator, a quote or a line break (a decimal comma is not
 * quoted, so it stays a number); a formula ("=…", "@…", "+A1") defused with a leading apostrophe.
 * A number ("-5", "+6281…") and a lone "-" stay as they are, so a file imports again unchanged.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = isFormula(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines of cells as a CSV text for Excel: a BOM, ';' between cells, CRLF after every line. */
export function csvText(lines: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(CSV_SEPARATOR)).join('\r\n')}\r\n`;
}
