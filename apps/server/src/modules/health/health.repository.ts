import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types';

/** Asks the database the most trivial question; rejects when it does not answer. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
