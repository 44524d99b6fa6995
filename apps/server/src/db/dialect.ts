import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  type Dialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { appConnectionName, holdSqliteFile, RESTORE_CONNECTION_NAME } from './in-use';
import { statementOf } from './prepared';
import { lazyClient, TurnTaking } from './priority-pool';
import { SearchPathPostgresDialect } from './search-path-introspector';
import SQLite from './sqlite-driver';
import { ReadingSqliteDialect } from './sqlite-reader';

// PostgreSQL answers bigint and numeric as strings by default; every such column here fits a JS number.
pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, Number);

/** Which database a URL names. */
export type DialectName = 'sqlite' | 'postgres';

/** Where the database layer reports trouble that no request sees (a pino logger fits). */
export interface DbLog {
  warn(details: object, message: string): void;
}

/** How a database is opened; tests shorten the SQLite wait to see a lock quickly. */
export interface DialectOptions {
  /** PostgreSQL schema for every table of this app (tests isolate files so). */
  pgSchema?: string;
  /** How long SQLite waits for another process's write lock before giving up (default 5000 ms). */
  sqliteBusyTimeoutMs?: number;
  log?: DbLog;
  /**
   * A restore's own connections: they leave no sign that the app uses the database, which the
   * restore looks for (db/in-use.ts, docs/decisions/124).
   */
  restoring?: boolean;
}

/** How long a request waits for a PostgreSQL connection before it is answered 503 (docs/decisions/019). */
const PG_CONNECT_TIMEOUT_MS = 5_000;

/** Connections per process to PostgreSQL. */
export const PG_POOL_SIZE = 10;

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
function sqliteDialect(url: string, busyTimeoutMs: number, restoring: boolean): Dialect {
  const file = url.slice('sqlite:'.length) || ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    database.pragma('cache_size = -32000');
  } catch (error) {
    database.close();
    throw error;
  }
  const release = file === ':memory:' || restoring ? undefined : holdSqliteFile(file);
  // A second, read-only connection that only asks `PRAGMA data_version`: on a connection of its
  // own it changes with every commit, this process's included (db/data-version.ts).
  let probe: SQLite.Database | undefined;
  if (file !== ':memory:') {
    try {
      probe = new SQLite(file, { readonly: true });
    } catch {
      probe = undefined;
    }
  }
  const cached = withStatementCache(database);
  const writer = {
    database: {
      ...cached,
      close: () => {
        probe?.close();
        cached.close();
        release?.();
      },
    },
  };
  // Plain reads on a read-only connection of their own, never waiting for a write transaction
  // (db/sqlite-reader.ts); an in-memory database has only the one connection.
  let reader: SQLite.Database | undefined;
  if (file !== ':memory:') {
    try {
      reader = new SQLite(file, { readonly: true });
      reader.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
      reader.pragma('cache_size = -32000');
    } catch {
      reader?.close();
      reader = undefined;
    }
  }
  const dialect = reader
    ? new ReadingSqliteDialect(writer, { database: withStatementCache(reader) })
    : new SqliteDialect(writer);
  if (probe) {
    const version = probe.prepare('PRAGMA data_version').pluck();
    dataVersions.set(dialect, () => version.get() as number);
  }
  return dialect;
}

const dataVersions = new WeakMap<Dialect, () => number>();

/** The data-version probe of a dialect made here: SQLite files only. */
export function dataVersionProbe(dialect: Dialect): (() => number) | undefined {
  return dataVersions.get(dialect);
}

/**
 * A pool on PostgreSQL that outlives the server's outages (docs/decisions/019): a connection the
 * server drops is only logged (pg.Pool crashes the process on an unheard 'error'), the pool
 * opens new ones when asked again, and a request waits at most PG_CONNECT_TIMEOUT_MS for one.
 */
function postgresDialect(url: string, options: DialectOptions): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: PG_POOL_SIZE,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    application_name: options.restoring ? RESTORE_CONNECTION_NAME : appConnectionName(url, options.pgSchema),
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  const log = options.log ?? { warn: (_details: object, message: string) => console.warn(message) };
  // An idle connection's error reaches the pool, which has already dropped that connection.
  pool.on('error', (error: Error & { code?: string }) => {
    log.warn(
      { code: error.code, reason: error.message },
      'Koneksi PostgreSQL terputus; server tetap berjalan dan menyambung lagi saat database kembali.',
    );
  });
  // A connection in use fails its query (that request is answered 503) and also emits 'error',
  // which nobody else hears while it is checked out; the pool discards it when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return new SearchPathPostgresDialect({ pool: namingPool(pool, PG_POOL_SIZE) });
}

/**
 * The pool as Kysely sees it. The prepared queries' texts (db/prepared.ts) go as named
 * statements: parsed and planned once per connection, then only bound (docs/decisions/119);
 * every other text goes as it came, unnamed. Connections are handed out in turns, a screen's
 * statement before the outbox's (db/priority-pool.ts, docs/decisions/120).
 */
function namingPool(pool: pg.Pool, size: number): PostgresPool {
  const turns = new TurnTaking(size, PG_CONNECT_TIMEOUT_MS);
  const statement = (text: unknown) => (typeof text === 'string' ? statementOf(text) : undefined);
  return {
    async connect() {
      return lazyClient(
        pool,
        turns,
        (text) => statement(text)?.turn ?? 'screen',
        (client, text, parameters) => {
          const name = statement(text)?.name;
          return name
            ? client.query({ name, text: text as string, values: [...(parameters ?? [])] })
            : client.query(text as string, parameters as unknown[]);
        },
      ) as unknown as PostgresPoolClient;
    },
    // A stopping server's requests still in flight finish first (their phones may be gone).
    end: async () => {
      await turns.settled();
      await pool.end();
    },
  };
}

/** The Kysely dialect for a DATABASE_URL. */
export function createDialect(url: string, options: DialectOptions = {}): Dialect {
  return dialectName(url) === 'sqlite'
    ? sqliteDialect(url, options.sqliteBusyTimeoutMs ?? 5_000, options.restoring === true)
    : postgresDialect(url, options);
}
