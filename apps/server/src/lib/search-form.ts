/** Lower-cases and single-spaces a name, the form names are stored and searched in (siswa.nama_cari). */
export function searchForm(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A LIKE pattern for text anywhere, its wildcards taken literally (with `escape '\\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
