import { IMPOR_KOLOM, type ImporJenis, type ImporKesalahan } from '@ukt/core';

// The error rows of a preview as a file to fix in Excel and import again (docs/decisions/149):
// the import file's columns under the template's headers, then the line and the mistake beside
// each row. ';' between cells, a BOM and CRLF, as the other CSV exports (docs/decisions/137).

const SEPARATOR = ';';

/**
 * A CSV cell: quoted when it holds the separator, a quote or a line break; a formula ("=…",
 * "@…", "+A1") defused with a leading apostrophe. A number ("-5", "+6281…") and a lone "-" stay
 * as they are, so the file imports again unchanged.
 */
function cell(value: string | number): string {
  const text = String(value);
  const formula = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-]?[\d\s.,]*$/.test(text));
  const safe = formula ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** What is wrong, as the preview says it: `kolom Cabang: wajib diisi`. */
const pesanOf = (k: ImporKesalahan) => (k.kolom ? `kolom ${k.kolom}: ${k.pesan}` : k.pesan);

/** The error rows as a CSV text: the file's columns, then "Baris" and "Kesalahan". */
export function kesalahanCsv(jenis: ImporJenis, kesalahan: readonly ImporKesalahan[]): string {
  const kolom = IMPOR_KOLOM[jenis];
  const header = [...kolom.map((k) => k.label), 'Baris', 'Kesalahan'];
  const lines = kesalahan.map((k) =>
    [...kolom.map((c) => k.isi?.[c.kolom] ?? ''), k.baris || '', pesanOf(k)].map(cell).join(SEPARATOR),
  );
  return `\uFEFF${[header.map(cell).join(SEPARATOR), ...lines].join('\r\n')}\r\n`;
}

/** The name of the error file of an import file: `peserta.xlsx` → `peserta-kesalahan.csv`. */
export function kesalahanFileName(fileName: string | undefined, jenis: ImporJenis): string {
  const base = (fileName ?? '').replace(/\.[^.]+$/, '').trim() || `impor-${jenis}`;
  return `${base}-kesalahan.csv`;
}

/** Has the browser save the error rows as a CSV file. */
export function unduhKesalahan(jenis: ImporJenis, kesalahan: readonly ImporKesalahan[], fileName?: string) {
  const blob = new Blob([kesalahanCsv(jenis, kesalahan)], { type: 'text/csv;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = kesalahanFileName(fileName, jenis);
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
