import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, CadanganList } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

const CadanganAnswer = apiResult(CadanganList);

/** The query key of the backup list, read again after a backup is made. */
export const CADANGAN_KEY = ['panitia', 'cadangan'] as const;

/** GET /panitia/cadangan: the backups, newest first, and where and how often they are taken. */
export async function getCadangan(signal?: AbortSignal): Promise<CadanganList> {
  const answer = CadanganAnswer.safeParse(
    await apiGet<unknown>(API.panitia.cadangan.href(), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Daftar cadangan tidak dapat dibaca.');
  return answer.data.data;
}

/** How often an open Cadangan page asks again: the schedule looks once a minute. */
const EVERY_MS = 60_000;

/** The backup list with its loading and error state, read again every minute while the page is open. */
export function useCadangan() {
  return useQuery(
    queryOptions({
      queryKey: CADANGAN_KEY,
      queryFn: ({ signal }) => getCadangan(signal),
      refetchInterval: EVERY_MS,
    }),
  );
}
