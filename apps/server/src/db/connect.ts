import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kysely } from 'kysely';
import { ConfigError } from '../config/env';
import { setDataVersionProbe } from './data-version';
import {
  createDialect,
  type DialectName,
  type DialectOptions,
  dataVersionProbe,
  dialectName,
} from './dialect';
import { migrateToLatest } from './migrate';
import { openErrorMessage } from './open-error';
import type { Database } from './types';

/** An open, migrated database and what the app needs to know about it. */
export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** True when this start created the schema (UKT_DEMO's default depends on it). */
  fresh: boolean;
}

/**
 * Opens the database of a DATABASE_URL as it is, without migrating it: a backup takes a database at
 * the level it is at (one at an older level than this version is not changed by the backup). A
 * SQLite file that does not exist is an error here, never created.
 */
export function connectDb(url: string, options: DialectOptions = {}): Omit<Db, 'fresh'> {
  const dialect = dialectName(url);
  const file = url.slice('sqlite:'.length);
  if (dialect === 'sqlite' && !existsSync(file)) {
    throw new ConfigError(`DATABASE_URL ${resolve(file)}: berkas database tidak ada. Periksa DATABASE_URL.`);
  }
  try {
    return { db: new Kysely<Database>({ dialect: createDialect(url, options) }), dialect };
  } catch (error) {
    const message = openErrorMessage(url, error);
    throw message ? new ConfigError(message, { cause: error }) : error;
  }
}

/**
 * Opens the database of a DATABASE_URL and runs pending migrations. A database that cannot be
 * opened (read-only, unreachable …) is a ConfigError whose one line says what to do.
 */
export async function openDb(
  url: string,
  options: DialectOptions & {
    /** Runs before pending migrations on a database that has data (a backup is taken there). */
    beforeMigrate?: (db: Kysely<Database>, pending: string[]) => Promise<void>;
  } = {},
): Promise<Db> {
  let db: Kysely<Database> | undefined;
  const name = dialectName(url);
  try {
    const dialect = createDialect(url, options);
    db = new Kysely<Database>({ dialect });
    const probe = dataVersionProbe(dialect);
    if (probe) setDataVersionProbe(db, probe);
    const opened = db;
    const before = options.beforeMigrate;
    const { fresh } = await migrateToLatest(
      db,
      options.pgSchema,
      before ? (pending) => before(opened, pending) : undefined,
    );
    if (name === 'postgres') {
      // A connection keeps the database's settings of the moment it opened: those that waited
      // for or ran the migrations (JIT turned off, 20261126-0001) are closed, the server's own
      // pool opens after them.
      await db.destroy();
      db = new Kysely<Database>({ dialect: createDialect(url, options) });
    }
    return { db, dialect: name, fresh };
  } catch (error) {
    await db?.destroy();
    const message = openErrorMessage(url, error);
    throw message ? new ConfigError(message, { cause: error }) : error;
  }
}
