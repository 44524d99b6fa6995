// The committee console's pages (DESIGN §9), listed once (docs/decisions/147): the web app's
// router and side bar make their routes and groups from it (apps/web/src/features/panitia/pages.tsx
// adds each page's screen), and the server sends an address under /panitia/ that is no page of it to
// the first page before the app loads.

/** The side bar's groups, in the order a committee works through an event. */
export const KELOMPOK_KONSOL = ['Persiapan', 'Hari ujian', 'Hasil', 'Pengaturan'] as const;
export type KelompokKonsol = (typeof KELOMPOK_KONSOL)[number];

/** Every page of the console, in the side bar's order: its path under /panitia/, label and group. */
export const HALAMAN_KONSOL = [
  { path: 'kegiatan', label: 'Kegiatan', group: 'Persiapan' },
  { path: 'impor', label: 'Impor', group: 'Persiapan' },
  { path: 'peserta', label: 'Peserta', group: 'Persiapan' },
  { path: 'penguji', label: 'Penguji', group: 'Persiapan' },
  { path: 'soal', label: 'Soal KESHAN', group: 'Persiapan' },
  { path: 'sambungkan', label: 'Sambungkan HP', group: 'Hari ujian' },
  { path: 'progres', label: 'Progres', group: 'Hari ujian' },
  { path: 'rekap', label: 'Rekap', group: 'Hasil' },
  { path: 'audit', label: 'Audit', group: 'Hasil' },
  { path: 'organisasi', label: 'Organisasi', group: 'Pengaturan' },
  { path: 'cadangan', label: 'Cadangan', group: 'Pengaturan' },
] as const satisfies readonly { path: string; label: string; group: KelompokKonsol }[];

/** A console page's path under /panitia/. */
export type HalamanKonsol = (typeof HALAMAN_KONSOL)[number]['path'];

/** The console's first page: /panitia and an address that is no page open it. */
export const HALAMAN_PERTAMA: HalamanKonsol = 'kegiatan';

/**
 * Where an address under /panitia opens: null when it is a page of the console (`/panitia/rekap`,
 * with a trailing slash too), else the first page's address. Addresses outside /panitia: null.
 */
export function alamatKonsolLain(pathname: string): string | null {
  const match = /^\/panitia(?:\/([^/]*))?\/?$|^\/panitia\/.+$/.exec(pathname);
  if (!match) return null;
  // The router matches a path whatever its case (/panitia/Rekap opens Rekap); so does this.
  const page = match[1]?.toLowerCase();
  if (page !== undefined && HALAMAN_KONSOL.some((h) => h.path === page)) return null;
  return `/panitia/${HALAMAN_PERTAMA}`;
}
