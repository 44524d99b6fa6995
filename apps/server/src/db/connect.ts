import { Kysely } from 'kysely';
import { createDialect, type DialectName, dialectName } from './dialect';
import { migrateToLatest } from './migrate';
import type { Database } from './types';

/** An open, migrated database and what the app needs to know about it. */
export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** True when this start created the schema (UKT_DEMO's default depends on it). */
  fresh: boolean;
}

/** Opens the database of a DATABASE_URL and runs pending migrations. */
export async function openDb(url: string, options: { pgSchema?: string } = {}): Promise<Db> {
  const db = new Kysely<Database>({ dialect: createDialect(url, options) });
  try {
    const { fresh } = await migrateToLatest(db, options.pgSchema);
    return { db, dialect: dialectName(url), fresh };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
