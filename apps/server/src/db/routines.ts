import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The PostgreSQL routines of the fast paths, each a .sql file beside its TypeScript twin in the
// area that owns the rule (docs/decisions/143). They are not migrations: the migrator creates or
// replaces each one whenever its text changes, and the hash of the text it applied is the
// function's own comment, so a restored or copied schema carries its record with it.

/** A routine: its function's name and its file under src/modules/. */
export interface Routine {
  name: string;
  /** The file, relative to src/modules/ (the build copies it, flat, into dist/routines/). */
  file: string;
}

/** Every routine, in the order they are applied. */
export const ROUTINES: readonly Routine[] = [
  { name: 'ukt_ambil', file: 'siswa/siswa.pg.sql' },
  { name: 'ukt_simpan_nilai', file: 'nilai/nilai.pg.sql' },
];

/** Where a routine's file is: beside its twin in the source tree, or dist/routines/ in the build. */
export function routinePath(routine: Routine): string {
  const here = import.meta.dirname;
  const candidates = [
    join(here, '..', 'modules', routine.file),
    join(here, 'routines', routine.file.split('/').pop() as string),
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`Berkas rutin ${routine.name} tidak ada: dicari di ${candidates.join(', ')}`);
  return found;
}

/** A routine's text as the server applies it. */
export function routineText(routine: Routine): string {
  return readFileSync(routinePath(routine), 'utf8');
}

/** The record a routine's function carries: the hash of the text that created it. */
export function routineHash(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** The hash each routine's function in the current schema carries (null: none, or made by a migration). */
async function appliedHashes<DB>(db: Kysely<DB>): Promise<Map<string, string | null>> {
  const { rows } = await sql<{ name: string; hash: string | null }>`select p.proname::text as name,
      obj_description(p.oid, 'pg_proc') as hash
    from pg_proc p where p.pronamespace = current_schema()::regnamespace
      and p.proname in (${sql.join(ROUTINES.map((r) => r.name))})`.execute(db);
  return new Map(rows.map((r) => [r.name, r.hash]));
}

/**
 * Creates or replaces, on PostgreSQL, each routine whose text differs from the one its function was
 * made from; nothing on SQLite. The caller holds the migration lock (migrate.ts); `db` may be a
 * transaction. Returns the names applied.
 */
export async function applyRoutines<DB>(db: Kysely<DB>): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return [];
  const applied = await appliedHashes(db);
  const changed: string[] = [];
  for (const routine of ROUTINES) {
    const text = routineText(routine);
    const hash = routineHash(text);
    if (applied.get(routine.name) === hash) continue;
    await sql.raw(text).execute(db);
    await sql`do $$ declare f regprocedure; begin
        for f in select p.oid::regprocedure from pg_proc p
          where p.pronamespace = current_schema()::regnamespace and p.proname = ${sql.lit(routine.name)}
        loop execute format('comment on function %s is %L', f, ${sql.lit(hash)}); end loop;
      end $$`.execute(db);
    changed.push(routine.name);
  }
  return changed;
}
