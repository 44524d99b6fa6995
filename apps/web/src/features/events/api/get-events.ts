import type { Kegiatan } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/** GET /DataSiswa/UKT: the organisation's exam events, newest first. */
export async function getEvents(signal?: AbortSignal): Promise<Kegiatan[]> {
  const result = await apiGet<{ data: Kegiatan[] }>(
    '/DataSiswa/UKT',
    undefined,
    signal ? { signal } : undefined,
  );
  return result.data ?? [];
}
