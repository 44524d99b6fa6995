/** A belt level (tingkat): 1–4 are the promotions, 5 is the extra level of SPEC §1 (KSHAN, local default). */
export type Belt = 1 | 2 | 3 | 4 | 5;

/** What the app shows for a belt level, and the link of its stage page. */
export interface BeltInfo {
  id: Belt;
  nama: string;
  link: string;
}

/** The belt levels in order, with their Indonesian names (SPEC §1). */
export const BELTS: readonly BeltInfo[] = [
  { id: 1, nama: 'Sabuk Polos Ke Jambon', link: '/SabukPolos' },
  { id: 2, nama: 'Jambon Ke Hijau', link: '/SabukJambon' },
  { id: 3, nama: 'Hijau Ke Putih', link: '/SabukHijau' },
  { id: 4, nama: 'Putih Ke Calon Warga', link: '/SabukPutih' },
  { id: 5, nama: 'Tingkat 5', link: '/SabukPutih' },
];

/** The belt assumed when none is stored (SPEC §3: Sabuk defaults to 4). */
export const DEFAULT_BELT: Belt = 4;

/** The fixed id_tingkat under which KSHAN scores are saved (SPEC §9). */
export const KSHAN_TINGKAT: Belt = 5;

/** True when the value is a belt level 1–5. */
export function isBelt(value: unknown): value is Belt {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/** Reads a belt from a stored or posted value ('3', 3); anything else gives the default belt. */
export function toBelt(value: unknown): Belt {
  const n = typeof value === 'string' ? Number(value) : value;
  return isBelt(n) ? n : DEFAULT_BELT;
}

/** The Indonesian name of a belt level, e.g. 2 → 'Jambon Ke Hijau'. */
export function beltName(belt: Belt): string {
  return BELTS.find((b) => b.id === belt)?.nama ?? '';
}
