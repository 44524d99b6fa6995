import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DialectName } from '../../db/dialect';
import { MIGRATION_LEVEL_SQL } from '../../db/migrate';
import SQLite from '../../db/sqlite-driver';
import type { Database } from '../../db/types';
import { MEDIA_TABLE } from '../media/media-backup';

// Whole tables, read and written without knowing them in advance: a backup taken before a pending
// migration sees the old schema, and a restore fills the schema of the archive's migration level
// (docs/decisions/096). Kysely's own bookkeeping tables are left out: the manifest names the level.

/** A database value as the archive keeps it: the schema has integers, doubles and text only. */
export type Cell = string | number | null;
/** One row: column name → value. */
export type Row = Record<string, Cell>;

const isBookkeeping = (name: string) => name.startsWith('kysely_');
/** The tables whose rows an archive holds: recordings and images travel as data files (media-backup.ts). */
const inArchive = (name: string) => !isBookkeeping(name) && name !== MEDIA_TABLE;

/** Rows read in one step; between steps the event loop answers other requests. */
const CHUNK = 2_000;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** A consistent, read-only view of the whole database while writers go on elsewhere. */
export interface Snapshot {
  /** The migration level the data is at (the last migration run), or null for none. */
  migration: string | null;
  tables: string[];
  /** The table's rows in chunks, in primary-key order. */
  rows(table: string): AsyncGenerator<Row[]>;
}

/**
 * SQLite: a read transaction on a connection of its own. In WAL mode it sees one commit and never
 * blocks the server's writer, which goes on appending to the WAL.
 */
function sqliteSnapshot(file: string): Snapshot & { close(): void } {
  const conn = new SQLite(file, { readonly: true, fileMustExist: true });
  let names: string[];
  let migration: string | null;
  try {
    conn.exec('BEGIN');
    names = conn
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    migration = names.includes('kysely_migration')
      ? ((conn.prepare(MIGRATION_LEVEL_SQL).pluck().get() as string | null) ?? null)
      : null;
  } catch (error) {
    conn.close();
    throw error;
  }
  return {
    migration,
    tables: names.filter(inArchive),
    async *rows(table) {
      const statement = conn.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}" ORDER BY rowid`);
      let chunk: Row[] = [];
      for (const row of statement.iterate() as Iterable<Record<string, unknown>>) {
        const out: Row = {};
        for (const [k, v] of Object.entries(row)) out[k] = cell(v);
        chunk.push(out);
        if (chunk.length === CHUNK) {
          yield chunk;
          chunk = [];
          await breathe();
        }
      }
      if (chunk.length > 0) yield chunk;
    },
    close() {
      if (conn.inTransaction) conn.exec('COMMIT');
      conn.close();
    },
  };
}

/**
 * PostgreSQL: one REPEATABLE READ, READ ONLY transaction on a connection of the app's pool held for
 * the whole read (its schema settings included), tables read by cursor.
 */
function postgresSnapshot<T>(db: Kysely<Database>, read: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin isolation level repeatable read read only`.execute(conn);
    try {
      const { rows: tableRows } = await sql<{ name: string }>`select table_name as name
        from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
        conn,
      );
      const names = tableRows.map((r) => r.name);
      const migration = names.includes('kysely_migration')
        ? ((await sql<{ name: string | null }>`${sql.raw(MIGRATION_LEVEL_SQL)}`.execute(conn)).rows[0]
            ?.name ?? null)
        : null;
      return await read({
        migration,
        tables: names.filter(inArchive),
        async *rows(table) {
          const { rows: keys } = await sql<{ column: string }>`select a.attname as column from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = ${table}::regclass and i.indisprimary
            order by array_position(i.indkey, a.attnum)`.execute(conn);
          const order =
            keys.length > 0 ? sql` order by ${sql.join(keys.map((k) => sql.ref(k.column)))}` : sql``;
          await sql`declare backup_cursor no scroll cursor for select * from ${sql.table(table)}${order}`.execute(
            conn,
          );
          try {
            for (;;) {
              const { rows } = await sql<
                Record<string, unknown>
              >`fetch ${sql.lit(CHUNK)} from backup_cursor`.execute(conn);
              if (rows.length === 0) break;
              yield rows.map((row) => {
                const out: Row = {};
                for (const [k, v] of Object.entries(row)) out[k] = cell(v);
                return out;
              });
            }
          } finally {
            await sql`close backup_cursor`.execute(conn);
          }
        },
      });
    } finally {
      // A failed read has aborted the transaction: this COMMIT then only ends it.
      await sql`commit`.execute(conn).catch(() => undefined);
    }
  });
}

/**
 * Runs `read` on a consistent snapshot of the whole database, taken while writers go on: on SQLite
 * a connection of its own to the file, on PostgreSQL one of the pool's.
 */
export async function withSnapshot<T>(
  source: { db: Kysely<Database>; dialect: DialectName; databaseUrl: string },
  read: (snapshot: Snapshot) => Promise<T>,
): Promise<T> {
  if (source.dialect === 'postgres') return postgresSnapshot(source.db, read);
  const snapshot = sqliteSnapshot(source.databaseUrl.slice('sqlite:'.length));
  try {
    return await read(snapshot);
  } finally {
    snapshot.close();
  }
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Every table of this database (of the current schema on PostgreSQL), bookkeeping included. */
async function allTables(db: Kysely<Database>): Promise<string[]> {
  // Kysely's introspection lists every schema's tables on PostgreSQL; only ours count here.
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.map((r) => r.name);
}

/** The app's tables in this database (Kysely's bookkeeping excluded). */
export async function listTables(db: Kysely<Database>): Promise<string[]> {
  return (await allTables(db)).filter((n) => !isBookkeeping(n));
}

/** How many rows each table that has any holds: an empty answer means an empty database. */
export async function nonEmptyTables(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      db,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) counts[table] = n;
  }
  return counts;
}

/** Names of this schema's own objects (not an extension's) of one catalog, ready for a DROP. */
async function postgresObjects(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`${query}`.execute(db);
  return rows.map((r) => r.name);
}

/** Drops a list of objects of one kind in one statement (so they may depend on each other). */
async function dropAll(db: Kysely<Database>, kind: string, names: string[]): Promise<void> {
  // The names come from the catalog as PostgreSQL quotes them (regclass, regprocedure, regtype).
  if (names.length > 0) await sql.raw(`drop ${kind} ${names.join(', ')}`).execute(db);
}

/**
 * Drops everything the migrations create, so a restore creates the archive's level from nothing:
 * views, then tables (their indexes, triggers and owned sequences go with them), Kysely's
 * bookkeeping included; on PostgreSQL also the current schema's functions (ukt_ambil,
 * ukt_simpan_nilai), other sequences and types (a range's multirange goes with it). An extension's
 * objects stay. Nothing cascades:
 * an object elsewhere that depends on ours fails the drop, and the restore's transaction with it,
 * rather than going with it (docs/decisions/124).
 */
export async function dropEverything(db: Kysely<Database>): Promise<void> {
  if (!isPostgres(db)) {
    // Views first ('view' sorts after 'table').
    const { rows } = await sql<{ type: string; name: string }>`select type, name from sqlite_master
      where type in ('view', 'table') and name not like 'sqlite_%' order by type desc`.execute(db);
    for (const { type, name } of rows) await sql`drop ${sql.raw(type)} ${sql.table(name)}`.execute(db);
    return;
  }
  const ours = (catalog: string, column: string) =>
    sql`${sql.raw(column)} = current_schema()::regnamespace and not exists (select 1 from pg_depend d
      where d.classid = ${sql.lit(catalog)}::regclass and d.objid = o.oid and d.deptype = 'e')`;
  const relations = (...kinds: string[]) =>
    postgresObjects(
      db,
      sql`select o.oid::regclass::text as name from pg_class o
        where o.relkind in (${sql.join(kinds.map((k) => sql.lit(k)))}) and ${ours('pg_class', 'o.relnamespace')}`,
    );
  await dropAll(db, 'materialized view', await relations('m'));
  await dropAll(db, 'view', await relations('v'));
  await dropAll(db, 'table', await relations('r', 'p'));
  await dropAll(
    db,
    'routine',
    await postgresObjects(
      db,
      sql`select o.oid::regprocedure::text as name from pg_proc o where ${ours('pg_proc', 'o.pronamespace')}`,
    ),
  );
  await dropAll(db, 'sequence', await relations('S'));
  await dropAll(
    db,
    'type',
    await postgresObjects(
      db,
      sql`select o.oid::regtype::text as name from pg_type o
        where (o.typtype in ('e', 'd', 'r')
          or (o.typtype = 'c' and (select c.relkind from pg_class c where c.oid = o.typrelid) = 'c'))
        and ${ours('pg_type', 'o.typnamespace')}`,
    ),
  );
}

/**
 * How many connections of the app (by application_name, db/in-use.ts) other than this one are
 * open on this PostgreSQL database.
 */
export async function appConnections(db: Kysely<Database>, names: string[]): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and application_name = any(${names}::text[])`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The schema unqualified tables go to on PostgreSQL. */
export async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

/** Inserts rows into a table as they came from the archive (ids included). */
export async function insertRows(db: Kysely<Database>, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as Row);
  // SQLite takes at most 32,766 values in one statement.
  const perStatement = Math.max(1, Math.floor(30_000 / Math.max(1, columns.length)));
  for (let i = 0; i < rows.length; i += perStatement) {
    const part = rows.slice(i, i + perStatement);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(
      part.map((r) => sql`(${sql.join(columns.map((c) => r[c] ?? null))})`),
    )}`.execute(db);
  }
}

/** Moves every PostgreSQL serial past the restored ids; SQLite follows the largest id by itself. */
export async function syncAllSequences(db: Kysely<Database>): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db);
  for (const r of rows) {
    await sql`select setval(pg_get_serial_sequence(${r.table_name}, ${r.column_name}),
      coalesce((select max(${sql.ref(r.column_name)}) from ${sql.table(r.table_name)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
