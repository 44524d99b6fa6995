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
 * Opens the database of a DATABASE_URL and runs pending migrations. A database that cannot be
 * opened (read-only, unreachable …) is a ConfigError whose one line says what to do.
 */
export async function openDb(url: string, options: DialectOptions = {}): Promise<Db> {
  let db: Kysely<Database> | undefined;
  try {
    const dialect = createDialect(url, options);
    db = new Kysely<Database>({ dialect });
    const probe = dataVersionProbe(dialect);
    if (probe) setDataVersionProbe(db, probe);
    const { fresh } = await migrateToLatest(db, options.pgSchema);
    return { db, dialect: dialectName(url), fresh };
  } catch (error) {
    await db?.destroy();
    const message = openErrorMessage(url, error);
    throw message ? new ConfigError(message, { cause: error }) : error;
  }
}
