import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

// An import's own storage need: one import at a time. The rows themselves are read and written
// by their tables' areas, a chunk at a time (docs/decisions/037, 114).

/** The key of the lock that makes PostgreSQL imports run one after the other ('ukt-impor'). */
const IMPORT_LOCK_KEY = 0x756b7469;

/**
 * Holds the import lock until the transaction ends (PostgreSQL). Two imports of the same file at
 * once would each read "not stored" and each report every row new; the second now waits and
 * finds the first one's rows. SQLite runs one write transaction at a time already.
 */
export async function lockImports(trx: Transaction<Database>) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`.execute(trx);
}
