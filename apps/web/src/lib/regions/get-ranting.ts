import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, RantingOption } from '@ukt/core';
import { apiGet } from '../api-client';
import { regionKey } from './region-key';

const RantingAnswer = apiResult(RantingOption.array());

/** GET /DataSiswa/ranting?id_cabang=: the ranting of a cabang. */
export async function getRanting(idCabang: string, signal?: AbortSignal): Promise<RantingOption[]> {
  const answer = RantingAnswer.safeParse(
    await apiGet<unknown>(API.ranting.href(), { id_cabang: idCabang }, { signal }),
  );
  if (!answer.success) throw new Error('Data ranting tidak dapat dibaca.');
  return answer.data.data;
}

/** The ranting options of a cabang; nothing is fetched until one is chosen. */
export function useRanting(idCabang: string) {
  return useQuery(
    queryOptions({
      queryKey: regionKey('ranting', idCabang),
      queryFn: ({ signal }) => getRanting(idCabang, signal),
      enabled: idCabang !== '',
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
