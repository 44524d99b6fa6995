import Dexie, { type EntityTable } from 'dexie';

/** One cached API answer the app needs with no signal, with when it was fetched. */
export interface CacheEntry {
  /** e.g. 'siswa:1:12' (event, examiner) or 'soal:4' (belt). */
  id: string;
  value: unknown;
  fetchedAt: number;
}

/**
 * What the app reads offline (DESIGN §7 'roster and questions ahead'), kept by the app rather than
 * the service worker so the screens decide when a copy is good enough (docs/decisions/071).
 */
export const cacheDb = new Dexie('ukt-cache') as Dexie & { entries: EntityTable<CacheEntry, 'id'> };

cacheDb.version(1).stores({ entries: 'id' });

/** Reads a cached value, or null when there is none (or IndexedDB is unavailable). */
export async function readCache<T>(id: string): Promise<{ value: T; fetchedAt: number } | null> {
  try {
    const entry = await cacheDb.entries.get(id);
    return entry ? { value: entry.value as T, fetchedAt: entry.fetchedAt } : null;
  } catch {
    return null;
  }
}

/** Stores a value fetched at `fetchedAt` (now unless a local edit keeps the copy's own time). */
export async function writeCache(id: string, value: unknown, fetchedAt = Date.now()): Promise<void> {
  await cacheDb.entries.put({ id, value, fetchedAt });
}
