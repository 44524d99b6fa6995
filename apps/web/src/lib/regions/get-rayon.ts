import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, RayonOption } from '@ukt/core';
import { apiGet } from '../api-client';
import { regionKey } from './region-key';

const RayonAnswer = apiResult(RayonOption.array());

/** GET /DataSiswa/rayon?id_ranting=: the rayon of a ranting. */
export async function getRayon(idRanting: string, signal?: AbortSignal): Promise<RayonOption[]> {
  const answer = RayonAnswer.safeParse(
    await apiGet<unknown>(API.rayon.href(), { id_ranting: idRanting }, { signal }),
  );
  if (!answer.success) throw new Error('Data rayon tidak dapat dibaca.');
  return answer.data.data;
}

/** The rayon options of a ranting; nothing is fetched until one is chosen. */
export function useRayon(idRanting: string) {
  return useQuery(
    queryOptions({
      queryKey: regionKey('rayon', idRanting),
      queryFn: ({ signal }) => getRayon(idRanting, signal),
      enabled: idRanting !== '',
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
