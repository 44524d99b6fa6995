// How the documents name things in words: an event's belt promotion (SPEC §1's belts: the belt
// the participants wear and the one they are examined for), and a participant's regions.

const KENAIKAN: Record<number, [string, string]> = {
  1: ['Polos', 'Jambon'],
  2: ['Jambon', 'Hijau'],
  3: ['Hijau', 'Putih'],
  4: ['Putih', 'Calon Warga'],
};

/** An event's belt promotion in words: 'Sabuk Polos ke Jambon'; 'Tingkat N' for any other level. */
export function sabukText(tingkat: number): string {
  const pair = KENAIKAN[tingkat];
  return pair ? `Sabuk ${pair[0]} ke ${pair[1]}` : `Tingkat ${tingkat}`;
}

/** A region's name with its level in front, once: 'Taman' and 'Ranting Taman' both give 'Ranting Taman'. */
export function wilayahText(level: 'Ranting' | 'Rayon', nama: string): string {
  return nama.toLowerCase().startsWith(`${level.toLowerCase()} `) ? nama : `${level} ${nama}`;
}

/** A belt's cloth colour, and the outline it needs on white paper. */
export interface SabukWarna {
  nama: string;
  isi: string;
  garis: string;
}

const WARNA: Record<string, SabukWarna> = {
  Polos: { nama: 'Polos', isi: '#212121', garis: '#000000' },
  Jambon: { nama: 'Jambon', isi: '#e48aa5', garis: '#a5475f' },
  Hijau: { nama: 'Hijau', isi: '#2e7d32', garis: '#1b5e20' },
  Putih: { nama: 'Putih', isi: '#ffffff', garis: '#8d8d8d' },
  'Calon Warga': { nama: 'Calon Warga', isi: '#ffffff', garis: '#8d8d8d' },
};

/** The colour of the belt an event promotes to (the piagam's ribbon); null for an unknown level. */
export function sabukBaru(tingkat: number): SabukWarna | null {
  const pair = KENAIKAN[tingkat];
  return pair ? (WARNA[pair[1]] ?? null) : null;
}
