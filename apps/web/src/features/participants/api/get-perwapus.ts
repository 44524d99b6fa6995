import type { PerwapusOption } from '@ukt/core';
import { API } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/** GET /DataSiswa/perwapus: every perwapus, for the first filter. */
export async function getPerwapus(signal?: AbortSignal): Promise<PerwapusOption[]> {
  return (await apiGet<{ data: PerwapusOption[] }>(API.perwapus.href(), undefined, { signal })).data ?? [];
}
