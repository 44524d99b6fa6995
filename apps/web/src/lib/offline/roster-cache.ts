import { API, type Examiner, type PageMeta, type Post, postFlagField, type SiswaRow } from '@ukt/core';
import { apiGet } from '../api-client';
import { readCache, writeCache } from './cache-db';
import { type RosterQuery, rosterPage } from './roster-page';

const rosterId = (idUkt: number, examinerId: string) => `siswa:${idUkt}:${examinerId}`;

/**
 * Fetches every participant page of the event the examiner may see (the server applies their
 * perwapus/cabang scope) and keeps them on the phone, replacing the previous copy only when all
 * pages arrived. posUjian 0 so every post's flag comes along; sudah_ujian is derived offline.
 */
export async function cacheRoster(idUkt: number, examiner: Examiner, signal?: AbortSignal): Promise<number> {
  const rows: SiswaRow[] = [];
  for (let hal = 1; ; hal++) {
    const page = await apiGet<{ data: SiswaRow[]; meta?: PageMeta }>(
      API.siswa.href(),
      { hal, posUjian: 0, id_ukt: idUkt },
      signal ? { signal } : undefined,
    );
    rows.push(...(page.data ?? []));
    const totalPages = page.meta?.total_pages ?? 1;
    if (hal >= totalPages || (page.data ?? []).length === 0) break;
  }
  await writeCache(rosterId(idUkt, examiner.id_pemilih), rows);
  return rows.length;
}

/** A page of the cached roster for a query, as the server would answer it, or null without a copy. */
export async function cachedRosterPage(
  query: RosterQuery,
  examinerId: string,
): Promise<{ rows: SiswaRow[]; meta: PageMeta; fetchedAt: number } | null> {
  const cached = await readCache<SiswaRow[]>(rosterId(query.id_ukt, examinerId));
  return cached ? { ...rosterPage(cached.value, query, examinerId), fetchedAt: cached.fetchedAt } : null;
}

/** Records in the cached roster that this examiner took a participant at a post (a queued take). */
export async function markTakenInRoster(idUkt: number, examinerId: string, idSiswa: string, post: Post) {
  const id = rosterId(idUkt, examinerId);
  const cached = await readCache<SiswaRow[]>(id);
  if (!cached) return;
  const flag = postFlagField(post);
  const rows = cached.value.map((row) => (row.id_siswa === idSiswa ? { ...row, [flag]: examinerId } : row));
  await writeCache(id, rows, cached.fetchedAt).catch(() => undefined);
}
