import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Verifikasi, VerifikasiResult } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /verifikasi/{kode}: the public fields of a real piagam (name, belt, event, status). Anything
 * else is an ApiError with status 404.
 */
export async function getVerifikasi(kode: string, signal?: AbortSignal): Promise<Verifikasi> {
  const answer = VerifikasiResult.safeParse(
    await apiGet<unknown>(API.verifikasi.href(kode), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Jawaban server tidak dapat dibaca. Muat ulang halaman ini.');
  return answer.data.data;
}

/** The check of one code; fetched once, as a certificate does not change while it is looked at. */
export function useVerifikasi(kode: string) {
  return useQuery(
    queryOptions({
      queryKey: ['verifikasi', kode],
      queryFn: ({ signal }) => getVerifikasi(kode, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
