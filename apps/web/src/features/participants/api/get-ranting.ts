import type { RantingOption } from '@ukt/core';
import { API } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/** GET /DataSiswa/ranting?id_cabang=: the ranting of a cabang. */
export async function getRanting(idCabang: string, signal?: AbortSignal): Promise<RantingOption[]> {
  return (
    (await apiGet<{ data: RantingOption[] }>(API.ranting.href(), { id_cabang: idCabang }, { signal })).data ??
    []
  );
}
