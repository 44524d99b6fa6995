import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, type KomponenKey, PageMeta, SiswaRow } from '@ukt/core';
import { ApiError, apiGet } from '../../../lib/api-client';
import { cachedRosterPage } from '../../../lib/offline';

/** Query of the participant list (SPEC §7); empty filters are left out. */
export interface SiswaListQuery {
  hal: number;
  nama: string;
  posUjian: number;
  id_ukt: number;
  id_perwapus: string;
  id_cabang: string;
  id_ranting: string;
  id_rayon: string;
  /** 'Belum dinilai': only those without a score for this exam; '' for everyone. */
  belum_dinilai: KomponenKey | '';
}

/** One page of the list; offlineAt is set when it comes from the phone's copy: when that was fetched. */
export interface SiswaListPage {
  rows: SiswaRow[];
  meta: PageMeta;
  offlineAt: number | null;
}

const SiswaListAnswer = apiResult(SiswaRow.array()).extend({ meta: PageMeta });

/** GET /DataSiswa/siswa: one page (20 rows) of the event's participants. */
export async function getSiswa(
  query: SiswaListQuery,
  signal?: AbortSignal,
): Promise<{ rows: SiswaRow[]; meta: PageMeta }> {
  const params = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === '' ? undefined : v]));
  const answer = SiswaListAnswer.safeParse(
    await apiGet<unknown>(API.siswa.href(), params, signal ? { signal } : undefined),
  );
  if (!answer.success) throw new Error('Data peserta tidak dapat dibaca.');
  return { rows: answer.data.data, meta: answer.data.meta };
}

/**
 * The page from the roster kept on the phone when the server cannot be reached (no signal) or
 * cannot answer (5xx: its database is away), else null.
 */
async function offlinePage(error: unknown, query: SiswaListQuery, examinerId: string) {
  if (!(error instanceof ApiError) || (error.status !== 0 && error.status < 500)) return null;
  // The copy holds the examiner's whole scope with region ids and scored exams: every filter works.
  return cachedRosterPage(query, examinerId).catch(() => null);
}

/** A page from the server, or from the phone's copy when the server is out of reach (decision 071). */
async function getSiswaOrCopy(
  query: SiswaListQuery,
  examinerId: string,
  signal: AbortSignal,
): Promise<SiswaListPage> {
  try {
    return { ...(await getSiswa(query, signal)), offlineAt: null };
  } catch (error) {
    const cached = signal.aborted ? null : await offlinePage(error, query, examinerId);
    if (!cached) throw error;
    return { rows: cached.rows, meta: cached.meta, offlineAt: cached.fetchedAt };
  }
}

/** The picker's page for a query; the examiner is in the key because the server scopes the list to them. */
export function getSiswaQueryOptions(query: SiswaListQuery, examinerId: string) {
  return queryOptions({
    queryKey: ['siswa', 'list', examinerId, query],
    queryFn: ({ signal }) => getSiswaOrCopy(query, examinerId, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One page of participants for a query; refetch() is 'Cek Baru'. */
export function useSiswaList(query: SiswaListQuery, examinerId: string) {
  return useQuery(getSiswaQueryOptions(query, examinerId));
}
