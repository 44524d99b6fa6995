import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Dialect, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';

// PostgreSQL answers bigint and numeric as strings by default; every such column here fits a JS number.
pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, Number);

/** Which database a URL names. */
export type DialectName = 'sqlite' | 'postgres';

/** The dialect of a DATABASE_URL: 'sqlite:PATH' or 'postgres://…'. */
export function dialectName(url: string): DialectName {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/**
 * Keeps prepared statements for reuse: Kysely prepares every query anew, and preparing costs
 * more than running the small indexed queries this API makes (docs/decisions/015).
 */
function withStatementCache(database: SQLite.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Opens SQLite in WAL mode with synchronous=FULL: a score the server acknowledged survives a
 * crash or power loss (DESIGN §4), and readers never wait for the writer.
 */
function sqliteDialect(url: string): Dialect {
  const file = url.slice('sqlite:'.length) || ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  database.pragma('cache_size = -32000');
  return new SqliteDialect({ database: withStatementCache(database) });
}

/** A pool on PostgreSQL; `schema` puts every table of this app in that schema (tests isolate files so). */
function postgresDialect(url: string, schema: string | undefined): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return new PostgresDialect({ pool });
}

/** The Kysely dialect for a DATABASE_URL. */
export function createDialect(url: string, options: { pgSchema?: string } = {}): Dialect {
  return dialectName(url) === 'sqlite' ? sqliteDialect(url) : postgresDialect(url, options.pgSchema);
}
