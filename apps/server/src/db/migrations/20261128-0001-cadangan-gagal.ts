import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The last failed scheduled backup of each backup folder (docs/decisions/122): kept in the database
// so every server process on it (WORKERS, several machines) shows the console the same warning,
// whichever process took the backup. A scheduled backup that succeeds removes its folder's row.

/** Adds the table of failed scheduled backups. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cadangan_gagal')
    .addColumn('folder', 'text', (c) => c.primaryKey())
    .addColumn('gagal_at', 'bigint', (c) => c.notNull())
    .addColumn('pesan', 'text', (c) => c.notNull())
    .execute();
}

/** Removes it again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cadangan_gagal').execute();
}
