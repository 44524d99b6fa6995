// How the text of an import file is tidied and compared (DESIGN §6, §9): a committee's spreadsheet
// is typed by many hands, so names, region names and column headers are read forgivingly, and a
// region name that is almost, but not exactly, a stored one is never silently made a new region.

/** Trims and collapses every run of white space (non-breaking spaces too) to one space. */
export function rapikanSpasi(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

/** Words kept in lower case inside a person's name ("Ahmad bin Yusuf", "Siti binti Ali"). */
const PARTIKEL = new Set(['bin', 'binti', 'van', 'der', 'den', 'von', 'de']);

/** A word written all in one case, as title case; a hyphen starts a new part ("Nur-Aini"). */
function titleWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/(^|-)(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/**
 * A person's name as stored: spaces tidied, and every word typed all in capitals or all in small
 * letters written in title case ("siti aminah" → "Siti Aminah", "MUHAMMAD RIZAL" → "Muhammad
 * Rizal"). A word of mixed case was typed with care and is kept ("McDonald", "S.Pd."), and so is
 * everything after a comma (academic titles); particles such as "bin" stay in small letters.
 */
export function rapikanNama(text: string): string {
  const tidy = rapikanSpasi(text);
  const comma = tidy.indexOf(',');
  const name = comma < 0 ? tidy : tidy.slice(0, comma);
  const rest = comma < 0 ? '' : tidy.slice(comma);
  const words = name.split(' ').map((word, i) => {
    const lower = word.toLowerCase();
    if (i > 0 && PARTIKEL.has(lower)) return lower;
    const oneCase = word === lower || word === word.toUpperCase();
    return oneCase ? titleWord(word) : word;
  });
  return words.join(' ') + rest;
}

/**
 * A new region's name as stored: typed all in small letters or all in capitals, it is tidied as a
 * person's name is (rapikanNama: "mejayan" → "Mejayan", "RANTING TAMAN BARU" → "Ranting Taman
 * Baru"); typed in mixed case it was typed with care and only its spaces are tidied, so a short
 * form stays as written ("Rayon SMPN 1 Madiun"). A name matching a stored region keeps the stored
 * spelling whatever this gives (docs/decisions/135).
 */
export function rapikanNamaWilayah(text: string): string {
  const tidy = rapikanSpasi(text);
  const oneCase = tidy === tidy.toLowerCase() || tidy === tidy.toUpperCase();
  return oneCase ? rapikanNama(tidy) : tidy;
}

/** A name as it is compared: spaces tidied, small letters ("cabang kota  MADIUN" = "Cabang Kota Madiun"). */
export function kunciNama(text: string): string {
  return rapikanSpasi(text).toLowerCase();
}

/** A column header as it is compared: letters and digits only, small ("No. Urut" = "NO_URUT" = "nourut"). */
export function kunciKolom(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The levels of regions, from the widest. */
export const TINGKAT_WILAYAH = ['perwapus', 'cabang', 'ranting', 'rayon'] as const;
export type TingkatWilayah = (typeof TINGKAT_WILAYAH)[number];

/** The edits (insert, delete, change a letter) that turn one text into the other. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** A region name compared without its level word: "Ranting Taman" and "Taman" are the same place. */
function bareName(tingkat: TingkatWilayah, text: string): string {
  const key = kunciNama(text);
  return key.startsWith(`${tingkat} `) ? key.slice(tingkat.length + 1) : key;
}

/**
 * The stored region (of `calon`, the regions of the same level under the same parent) that a name
 * found in a file probably means although it is not spelled the same: the same name with or
 * without its level word ("Taman" / "Ranting Taman"), or one or two letters off ("Ranting Tamn").
 * Null when none is close. Names equal but for case and spaces are not near misses: they match.
 */
export function wilayahMirip<T extends { nama: string }>(
  tingkat: TingkatWilayah,
  nama: string,
  calon: readonly T[],
): T | null {
  const bare = bareName(tingkat, nama);
  const allowed = bare.length >= 8 ? 2 : bare.length >= 4 ? 1 : 0;
  let best: T | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const region of calon) {
    const distance = editDistance(bare, bareName(tingkat, region.nama));
    if (distance <= allowed && distance < bestDistance) {
      best = region;
      bestDistance = distance;
    }
  }
  return best;
}
