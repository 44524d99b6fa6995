import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, type CadanganGagal, CadanganList } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

const CadanganAnswer = apiResult(CadanganList);

/** How often an open Progres page asks again: the schedule looks once a minute. */
const EVERY_MS = 60_000;

/** GET /panitia/cadangan, for its warning: the last scheduled backup when it failed and none has succeeded since. */
export async function getCadanganGagal(signal?: AbortSignal): Promise<CadanganGagal | null> {
  const answer = CadanganAnswer.safeParse(
    await apiGet<unknown>(API.panitia.cadangan.href(), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Daftar cadangan tidak dapat dibaca.');
  return answer.data.data.jadwal_gagal;
}

/** The failed scheduled backup, read again every minute while the page is open. */
export function useCadanganGagal() {
  return useQuery(
    queryOptions({
      // Under the backup list's key: a backup made on Cadangan refreshes it too.
      queryKey: ['panitia', 'cadangan', 'gagal'],
      queryFn: ({ signal }) => getCadanganGagal(signal),
      refetchInterval: EVERY_MS,
    }),
  );
}
