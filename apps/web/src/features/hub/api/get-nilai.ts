import type { NilaiRecord } from '@ukt/core';
import { API } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/** GET /DataSiswa/NilaiSiswa: a participant's score record at a belt level of an event. */
export async function getNilai(
  query: { id_siswa: string; id_tingkat: number; id_ukt: number },
  signal?: AbortSignal,
): Promise<NilaiRecord | null> {
  const result = await apiGet<{ data: NilaiRecord | null }>(
    API.nilai.href(),
    query,
    signal ? { signal } : undefined,
  );
  return result.data ?? null;
}
