import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The phones' outbox report (docs/decisions/041) says, beside how many writes a phone still holds,
// how many of them the server refused (docs/decisions/125): the progress page names the examiners
// whose phone holds refused work (outside their assignment, a ratified event …) so that the
// committee can act on it. Rows reported before hold 0: no phone had said.

/** Adds the refused count to the outbox report. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('penguji_tertunda')
    .addColumn('ditolak', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Removes it again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('penguji_tertunda').dropColumn('ditolak').execute();
}
