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
