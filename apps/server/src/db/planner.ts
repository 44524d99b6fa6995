import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from './types';

/** Rows a bulk write must add or change before the planner's statistics are renewed. */
export const BULK_ROWS = 1_000;

/**
 * Renews the planner's statistics of the tables a bulk write filled (an import of thousands of
 * rows): PostgreSQL's autovacuum would get to them only later, and until then the first exam-day
 * queries are planned for an empty table (docs/decisions/118). Only those tables: analysing the
 * whole database would also record the still empty audit log and scores as empty, and the plans
 * cached for the exam day (named statements, docs/decisions/119) would scan them whole until
 * autovacuum looked again. SQLite: `PRAGMA optimize`, which analyses what needs it.
 */
export async function refreshPlannerStats(db: Kysely<Database>, tables: (keyof Database)[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
  else await sql`pragma optimize`.execute(db);
}
