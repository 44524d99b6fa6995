import type { PageMeta, SiswaRow } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/** Query of the participant list (SPEC §7); empty filters are left out. */
export interface SiswaListQuery {
  hal: number;
  nama: string;
  posUjian: number;
  id_ukt: number;
  id_perwapus: string;
  id_cabang: string;
  id_ranting: string;
  id_rayon: string;
}

/** GET /DataSiswa/siswa: one page (20 rows) of the event's participants. */
export async function getSiswa(
  query: SiswaListQuery,
  signal?: AbortSignal,
): Promise<{ rows: SiswaRow[]; meta: PageMeta | null }> {
  const params = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === '' ? undefined : v]));
  const result = await apiGet<{ data: SiswaRow[] | { data: SiswaRow[] }; meta?: PageMeta }>(
    '/DataSiswa/siswa',
    params,
    signal ? { signal } : undefined,
  );
  // SPEC §7 saw data both as the array and nested as data.data.
  const rows = Array.isArray(result.data) ? result.data : (result.data?.data ?? []);
  return { rows, meta: result.meta ?? null };
}
