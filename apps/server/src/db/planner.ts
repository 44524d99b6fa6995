import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from './types';

/** Rows a bulk write must add or change before the planner's statistics are renewed. */
export const BULK_ROWS = 1_000;

/**
 * Renews the planner's statistics after a bulk write (an import of thousands of rows): PostgreSQL's
 * autovacuum would get to it only later, and until then the first exam-day queries are planned
 * for an empty table (docs/decisions/118). SQLite: `PRAGMA optimize`, which analyses what needs it.
 */
export async function refreshPlannerStats(db: Kysely<Database>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze`.execute(db);
  else await sql`pragma optimize`.execute(db);
}
