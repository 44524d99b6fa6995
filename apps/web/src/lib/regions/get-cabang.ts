import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, CabangOption } from '@ukt/core';
import { apiGet } from '../api-client';
import { regionKey } from './region-key';

const CabangAnswer = apiResult(CabangOption.array());

/** GET /DataSiswa/cabang?id_perwapus=: the cabang of a perwapus. */
export async function getCabang(idPerwapus: string, signal?: AbortSignal): Promise<CabangOption[]> {
  const answer = CabangAnswer.safeParse(
    await apiGet<unknown>(API.cabang.href(), { id_perwapus: idPerwapus }, { signal }),
  );
  if (!answer.success) throw new Error('Data cabang tidak dapat dibaca.');
  return answer.data.data;
}

/** The cabang options of a perwapus; nothing is fetched until one is chosen. */
export function useCabang(idPerwapus: string) {
  return useQuery(
    queryOptions({
      queryKey: regionKey('cabang', idPerwapus),
      queryFn: ({ signal }) => getCabang(idPerwapus, signal),
      enabled: idPerwapus !== '',
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
