import type { Belt } from '@ukt/core';
import { API } from '@ukt/core';
import { apiGet } from '../api-client';
import { readCache, writeCache } from './cache-db';

/** Keeps a belt's KESHAN questions (without the answer key, DESIGN §4) on the phone. */
export async function cacheSoal(belt: Belt, signal?: AbortSignal): Promise<void> {
  const answer = await apiGet<{ data?: unknown }>(
    API.keshanSoal.href(belt),
    undefined,
    signal ? { signal } : undefined,
  );
  if (Array.isArray(answer.data) && answer.data.length > 0) await writeCache(`soal:${belt}`, answer.data);
}

/** The cached questions of a belt as the API sent them, or null. */
export async function cachedSoal(belt: Belt): Promise<unknown[] | null> {
  return (await readCache<unknown[]>(`soal:${belt}`))?.value ?? null;
}
