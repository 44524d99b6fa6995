import type { Kysely } from 'kysely';
import type { Database } from './types';

// SQLite's `PRAGMA data_version`, asked on a connection of its own, changes whenever any
// connection — this process's or another's (a `ukt import` beside the server) — commits. A small
// read that every request repeats (the list's event versions, docs/decisions/015) can then be
// answered from memory until the next commit anywhere, at the cost of one pragma (microseconds)
// instead of one statement through the query layer (docs/decisions/047).

const probes = new WeakMap<Kysely<Database>, () => number>();
const caches = new WeakMap<Kysely<Database>, Map<string, { version: number; value: unknown }>>();
/** Entries kept per database before the memory starts over (one per event asked about). */
const CAPACITY = 1_000;

/** Gives a database its data-version probe (SQLite files only; PostgreSQL has none). */
export function setDataVersionProbe(db: Kysely<Database>, probe: () => number): void {
  probes.set(db, probe);
}

/**
 * `load()`'s answer for `key`, reused while nothing was committed to the database since it was
 * read; without a probe (PostgreSQL, an in-memory SQLite) always `load()`. The version is read
 * before the data, so a value is never kept under a version older than itself.
 */
export async function readUnlessCommitted<T>(
  db: Kysely<Database>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const probe = probes.get(db);
  if (!probe) return load();
  const version = probe();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const value = await load();
  if (cache.size >= CAPACITY) cache.clear();
  cache.set(key, { version, value });
  return value;
}
