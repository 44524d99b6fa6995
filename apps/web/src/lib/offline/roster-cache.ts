import {
  API,
  type Examiner,
  type PageMeta,
  type Post,
  postFlagField,
  type SiswaRoster,
  SiswaRosterResult,
  type SiswaRow,
} from '@ukt/core';
import { apiGet } from '../api-client';
import { scoresOnPhone } from '../outbox';
import { readCache, writeCache } from './cache-db';
import {
  type RegionLevel,
  type RosterQuery,
  rosterOptions,
  rosterPage,
  withScoresOnPhone,
} from './roster-page';

// 'roster:' rather than the earlier 'siswa:' pages: a copy in the old shape is never read.
const rosterId = (idUkt: number, examinerId: string) => `roster:${idUkt}:${examinerId}`;

/**
 * Fetches the event's whole roster the examiner may see (the server applies their perwapus/cabang
 * scope) in one request and keeps it on the phone, replacing the previous copy (issue 14 item 4).
 */
export async function cacheRoster(
  idUkt: number,
  examiner: Examiner,
  signal?: AbortSignal,
): Promise<SiswaRoster> {
  const answer = SiswaRosterResult.safeParse(
    await apiGet<unknown>(API.siswaRoster.href(), { id_ukt: idUkt }, signal ? { signal } : undefined),
  );
  if (!answer.success) throw new Error('Data peserta tidak dapat dibaca.');
  await writeCache(rosterId(idUkt, examiner.id_pemilih), answer.data.data);
  return answer.data.data;
}

/**
 * The phone's roster copy of an event with when it was fetched, or null without one. The scores
 * this phone holds are marked on it as it is read: a warm-up that replaced the copy while a score
 * waited, or a score sent before it was noted, can never unmark one (docs/decisions/127).
 */
export async function cachedRoster(
  idUkt: number,
  examinerId: string,
): Promise<{ value: SiswaRoster; fetchedAt: number } | null> {
  const [cached, scores] = await Promise.all([
    readCache<SiswaRoster>(rosterId(idUkt, examinerId)),
    scoresOnPhone(examinerId, idUkt).catch(() => []),
  ]);
  return cached && { ...cached, value: withScoresOnPhone(cached.value, scores) };
}

/** A page of the cached roster for a query, as the server would answer it, or null without a copy. */
export async function cachedRosterPage(
  query: RosterQuery,
  examinerId: string,
): Promise<{ rows: SiswaRow[]; meta: PageMeta; fetchedAt: number } | null> {
  const cached = await cachedRoster(query.id_ukt, examinerId);
  return cached ? { ...rosterPage(cached.value, query, examinerId), fetchedAt: cached.fetchedAt } : null;
}

/** A filter level's options under a parent from the cached roster, or null without a copy. */
export async function cachedRegionOptions(
  idUkt: number,
  examinerId: string,
  level: RegionLevel,
  parent: string,
): Promise<{ id: string; nama: string }[] | null> {
  const cached = await cachedRoster(idUkt, examinerId);
  return cached ? rosterOptions(cached.value, level, parent) : null;
}

/** Changes one participant of the cached roster, keeping the copy's fetch time; nothing without a copy. */
async function patchRoster(
  idUkt: number,
  examinerId: string,
  idSiswa: number,
  patch: (row: SiswaRoster['siswa'][number]) => SiswaRoster['siswa'][number] | null,
): Promise<void> {
  const id = rosterId(idUkt, examinerId);
  const cached = await readCache<SiswaRoster>(id);
  if (!cached) return;
  let changed = false;
  const siswa = cached.value.siswa.map((row) => {
    if (row.id_siswa !== idSiswa) return row;
    const next = patch(row);
    if (!next) return row;
    changed = true;
    return next;
  });
  if (changed) await writeCache(id, { ...cached.value, siswa }, cached.fetchedAt);
}

/** Records in the cached roster that this examiner took a participant at a post (a queued take). */
export function markTakenInRoster(idUkt: number, examinerId: string, idSiswa: string, post: Post) {
  const flag = postFlagField(post);
  return patchRoster(idUkt, examinerId, Number(idSiswa), (row) =>
    row[flag] === Number(examinerId) ? null : { ...row, [flag]: Number(examinerId) },
  );
}
