import { type PageMeta, type Post, postFlagField, SISWA_PAGE_SIZE, type SiswaRow } from '@ukt/core';

/** The participant query the picker asks (SPEC §7); the ranting/rayon filters need the server. */
export interface RosterQuery {
  hal: number;
  nama: string;
  posUjian: number;
  id_ukt: number;
}

/**
 * One page of the phone's roster copy answered the way the server would (DESIGN §4): `nama` matches
 * part of a name (any case) or a no_urut, 20 rows a page, and sudah_ujian is 1 when another
 * examiner holds the participant at the asked post.
 */
export function rosterPage(
  all: readonly SiswaRow[],
  query: RosterQuery,
  examinerId: string,
): { rows: SiswaRow[]; meta: PageMeta } {
  const search = query.nama.trim().toLowerCase();
  const flag = postFlagField(query.posUjian as Post);
  const matching = all
    .filter((row) => !search || row.nama.toLowerCase().includes(search) || row.no_urut === search)
    .map((row): SiswaRow => ({ ...row, sudah_ujian: row[flag] && row[flag] !== examinerId ? 1 : 0 }));
  const total = matching.length;
  const totalPages = Math.max(1, Math.ceil(total / SISWA_PAGE_SIZE));
  const hal = Math.min(Math.max(1, query.hal), totalPages);
  return {
    rows: matching.slice((hal - 1) * SISWA_PAGE_SIZE, hal * SISWA_PAGE_SIZE),
    meta: { hal, per_page: SISWA_PAGE_SIZE, total, total_pages: totalPages },
  };
}
