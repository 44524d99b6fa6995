import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, PerwapusOption } from '@ukt/core';
import { apiGet } from '../api-client';
import { regionKey } from './region-key';

const PerwapusAnswer = apiResult(PerwapusOption.array());

/** GET /DataSiswa/perwapus: every perwapus, for the first region filter. */
export async function getPerwapus(signal?: AbortSignal): Promise<PerwapusOption[]> {
  const answer = PerwapusAnswer.safeParse(await apiGet<unknown>(API.perwapus.href(), undefined, { signal }));
  if (!answer.success) throw new Error('Data perwapus tidak dapat dibaca.');
  return answer.data.data;
}

/** The perwapus options; they rarely change, so they are kept for the visit. */
export function usePerwapus() {
  return useQuery(
    queryOptions({
      queryKey: regionKey('perwapus'),
      queryFn: ({ signal }) => getPerwapus(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
