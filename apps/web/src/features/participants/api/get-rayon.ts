import type { RayonOption } from '@ukt/core';
import { API } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/** GET /DataSiswa/rayon?id_ranting=: the rayon of a ranting. */
export async function getRayon(idRanting: string, signal?: AbortSignal): Promise<RayonOption[]> {
  return (
    (await apiGet<{ data: RayonOption[] }>(API.rayon.href(), { id_ranting: idRanting }, { signal })).data ??
    []
  );
}
