import type { CabangOption } from '@ukt/core';
import { API } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/** GET /DataSiswa/cabang?id_perwapus=: the cabang of a perwapus. */
export async function getCabang(idPerwapus: string, signal?: AbortSignal): Promise<CabangOption[]> {
  return (
    (await apiGet<{ data: CabangOption[] }>(API.cabang.href(), { id_perwapus: idPerwapus }, { signal }))
      .data ?? []
  );
}
