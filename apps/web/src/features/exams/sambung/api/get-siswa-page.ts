import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, PageMeta, SiswaRow } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

const SiswaPageAnswer = apiResult(SiswaRow.array()).extend({ meta: PageMeta });

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
      { hal, nama, posUjian: 4, id_ukt: idUkt },
      signal ? { signal } : undefined,
    ),
  );
  if (!answer.success) throw new Error('Data peserta tidak dapat dibaca.');
  return { rows: answer.data.data, totalPages: answer.data.meta.total_pages };
}

/** A page of a sambung panel's table; the examiner is in the key because the server scopes the list. */
export function getSiswaPageQueryOptions(examinerId: string, idUkt: number, hal: number, nama: string) {
  return queryOptions({
    queryKey: ['siswa', 'sambung', examinerId, { idUkt, hal, nama }],
    queryFn: ({ signal }) => getSiswaPage(idUkt, hal, nama, signal),
  });
}

/** One page of the sambung participant list; refetch() is 'Coba lagi'. */
export function useSiswaPage(examinerId: string, idUkt: number, hal: number, nama: string) {
  return useQuery(getSiswaPageQueryOptions(examinerId, idUkt, hal, nama));
}
