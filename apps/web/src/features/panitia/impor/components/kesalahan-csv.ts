import { csvText, IMPOR_KOLOM, type ImporJenis, type ImporKesalahan } from '@ukt/core';

// The error rows of a preview as a file to fix in Excel and import again (docs/decisions/149):
// the import file's columns under the template's headers, then the line and the mistake beside
// each row, written by core's csvText as the recap is (docs/decisions/137, 173).

/** What is wrong, as the preview says it: `kolom Cabang: wajib diisi`. */
const pesanOf = (k: ImporKesalahan) => (k.kolom ? `kolom ${k.kolom}: ${k.pesan}` : k.pesan);

/** The error rows as a CSV text: the file's columns, then "Baris" and "Kesalahan". */
export function kesalahanCsv(jenis: ImporJenis, kesalahan: readonly ImporKesalahan[]): string {
  const kolom = IMPOR_KOLOM[jenis];
  const header = [...kolom.map((k) => k.label), 'Baris', 'Kesalahan'];
  const rows = kesalahan.map((k) => [...kolom.map((c) => k.isi?.[c.kolom] ?? ''), k.baris || '', pesanOf(k)]);
  return csvText([header, ...rows]);
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
