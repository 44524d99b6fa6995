import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { AuthPenguji } from './context';

// The examiners of live session tokens this process looked up recently (docs/decisions/018):
// the request context's memory. auth fills it; whoever changes an examiner or ends a token
// (auth, the console's Penguji page) makes it forget them through `forgettingSessions`.

const SESSION_CACHE_SIZE = 10_000;

/** Live sessions this process has looked up recently, per database. */
export interface SessionCache {
  entries: Map<string, { examiner: AuthPenguji; until: number }>;
  /** Bumped around every change: a lookup that overlapped one does not store its answer. */
  epoch: number;
}

const sessionCaches = new WeakMap<Kysely<Database>, SessionCache>();

/** The database's session cache, made on first use. */
export function sessionCacheOf(db: Kysely<Database>): SessionCache {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = { entries: new Map(), epoch: 0 };
    sessionCaches.set(db, cache);
  }
  return cache;
}

/** Keeps a token's examiner until `until`, dropping the oldest entry past the cache's size. */
export function rememberSession(
  cache: SessionCache,
  token: string,
  examiner: AuthPenguji,
  until: number,
): void {
  cache.entries.set(token, { examiner, until });
  if (cache.entries.size > SESSION_CACHE_SIZE) {
    const oldest = cache.entries.keys().next().value;
    if (oldest !== undefined) cache.entries.delete(oldest);
  }
}

/**
 * Runs a write that changes examiners or ends tokens, then forgets the cached sessions `drop`
 * picks. Before: a lookup already running may have read the old state; after: one that started
 * while the write ran may have too. Neither stores its answer (the epoch moves on both sides).
 */
export async function forgettingSessions<T>(
  db: Kysely<Database>,
  drop: (token: string, examiner: AuthPenguji) => boolean,
  write: () => Promise<T>,
): Promise<T> {
  const cache = sessionCaches.get(db);
  if (cache) cache.epoch++;
  try {
    return await write();
  } finally {
    if (cache) {
      for (const [token, entry] of cache.entries)
        if (drop(token, entry.examiner)) cache.entries.delete(token);
      cache.epoch++;
    }
  }
}

/**
 * Runs a write that changes an examiner; their open sessions then answer the new state at once on
 * this process, within SESSION_CACHE_MS on others (decision 018).
 */
export function withPengujiForgotten<T>(
  db: Kysely<Database>,
  idPemilih: number,
  write: () => Promise<T>,
): Promise<T> {
  return forgettingSessions(db, (_token, examiner) => examiner.id_pemilih === idPemilih, write);
}
