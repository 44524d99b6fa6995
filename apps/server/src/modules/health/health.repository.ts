import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Asks the database the most trivial question; rejects when it does not answer. A query (not raw
 * SQL), so on SQLite it is a read that never waits for a write transaction (db/sqlite-reader.ts).
 */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await db.selectNoFrom(sql<number>`1`.as('one')).execute();
}
