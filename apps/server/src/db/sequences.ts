import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from './types';

/**
 * After rows were inserted with explicit ids (events keep the committee's id_ukt), moves
 * PostgreSQL's serial past them; SQLite's autoincrement follows the largest id by itself.
 */
export async function syncIdSequence(db: Kysely<Database>, table: 'ukt', column: 'id_ukt'): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 1))`.execute(
    db,
  );
}
