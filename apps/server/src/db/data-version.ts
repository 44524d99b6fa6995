import type { Kysely } from 'kysely';
import type { Database } from './types';

// SQLite's `PRAGMA data_version`, asked on a connection of its own, changes whenever any
// connection — this process's or another's (a `ukt import` beside the server) — commits. A small
// read that every request repeats (the list's event versions, docs/decisions/015) can then be
// answered from memory until the next commit anywhere, at the cost of one pragma (microseconds)
// instead of one statement through the query layer (docs/decisions/047).

const probes = new WeakMap<Kysely<Database>, () => number>();
/**
 * The probe's answer until the event loop's next check phase: requests that arrive together (one
 * poll phase) share one pragma. This process's writer forgets the value as it commits
 * (db/writer.ts), so its own commits are never missed. Another connection's commit is seen once
 * the value is dropped — for a value read in a check phase, only after the next poll phase, a
 * window of well under a millisecond (on SQLite that other connection is a `ukt` command).
 */
const turns = new WeakMap<Kysely<Database>, number>();
const caches = new WeakMap<Kysely<Database>, Map<string, { version: number; value: unknown }>>();
/** Entries kept per database before the memory starts over (one per event asked about). */
const CAPACITY = 1_000;

/** The database's data version in this turn of the event loop. */
function dataVersion(db: Kysely<Database>, probe: () => number): number {
  let version = turns.get(db);
  if (version === undefined) {
    version = probe();
    turns.set(db, version);
    setImmediate(() => turns.delete(db));
  }
  return version;
}

/**
 * The database's data version as readUnlessCommitted sees it (SQLite files), or undefined without
 * a probe (PostgreSQL): for caches of their own that must move with every commit anywhere.
 */
export function dataVersionOf(db: Kysely<Database>): number | undefined {
  const probe = probes.get(db);
  return probe ? dataVersion(db, probe) : undefined;
}

/** Makes the next read ask the probe again: call after a commit of this process. */
export function forgetDataVersion(db: Kysely<Database>): void {
  turns.delete(db);
}

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
  const version = dataVersion(db, probe);
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
