import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, PageMeta, SiswaRow } from '@ukt/core';
import { ApiError, apiGet } from '../../../../lib/api-client';
import { cachedRosterPage } from '../../../../lib/offline';

const SiswaPageAnswer = apiResult(SiswaRow.array()).extend({ meta: PageMeta });

/** The sambung post (SPEC §7: posUjian 4). */
const POS_SAMBUNG = 4;

/** A page of a sambung panel's table; offlineAt is set when it comes from the phone's copy: when that was fetched. */
export interface SambungSiswaPage {
  rows: SiswaRow[];
  totalPages: number;
  offlineAt: number | null;
}

/** GET /DataSiswa/siswa as the sambung screen asks it: hal, nama, posUjian 4, id_ukt (SPEC §7). */
export async function getSiswaPage(
  idUkt: number,
  hal: number,
  nama: string,
  signal?: AbortSignal,
): Promise<{ rows: SiswaRow[]; totalPages: number }> {
  const answer = SiswaPageAnswer.safeParse(
    await apiGet<unknown>(
      API.siswa.href(),
      { hal, nama, posUjian: POS_SAMBUNG, id_ukt: idUkt },
      signal ? { signal } : undefined,
    ),
  );
  if (!answer.success) throw new Error('Data peserta tidak dapat dibaca.');
  return { rows: answer.data.data, totalPages: answer.data.meta.total_pages };
}

/**
 * A page from the server or, when it cannot be reached (no signal) or cannot answer (5xx), from the
 * roster kept on the phone, the same copy the participant picker reads offline (decisions 071, 112).
 */
async function getSiswaPageOrCopy(
  examinerId: string,
  idUkt: number,
  hal: number,
  nama: string,
  signal: AbortSignal,
): Promise<SambungSiswaPage> {
  try {
    return { ...(await getSiswaPage(idUkt, hal, nama, signal)), offlineAt: null };
  } catch (error) {
    const reachable = !(error instanceof ApiError) || (error.status !== 0 && error.status < 500);
    if (reachable || signal.aborted) throw error;
    const cached = await cachedRosterPage(
      { hal, nama, posUjian: POS_SAMBUNG, id_ukt: idUkt },
      examinerId,
    ).catch(() => null);
    if (!cached) throw error;
    return { rows: cached.rows, totalPages: cached.meta.total_pages, offlineAt: cached.fetchedAt };
  }
}

/** A page of a sambung panel's table; the examiner is in the key because the server scopes the list. */
export function getSiswaPageQueryOptions(examinerId: string, idUkt: number, hal: number, nama: string) {
  return queryOptions({
    queryKey: ['siswa', 'sambung', examinerId, { idUkt, hal, nama }],
    queryFn: ({ signal }) => getSiswaPageOrCopy(examinerId, idUkt, hal, nama, signal),
  });
}

/** One page of the sambung participant list; refetch() is 'Coba lagi'. */
export function useSiswaPage(examinerId: string, idUkt: number, hal: number, nama: string) {
  return useQuery(getSiswaPageQueryOptions(examinerId, idUkt, hal, nama));
}
