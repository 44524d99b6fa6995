import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// Examiner assignment (docs/decisions/109): which events an examiner works at, and optionally at
// which posts. One row per examiner, event and post; `pos` 0 stands for every post of the event.
// An examiner without any row keeps seeing every event, as before the table existed.

/** Adds the assignment table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('penugasan')
    .addColumn('id_ukt', 'integer', (c) => c.notNull())
    .addColumn('id_pemilih', 'integer', (c) => c.notNull())
    .addColumn('pos', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('penugasan_pk', ['id_pemilih', 'id_ukt', 'pos'])
    .execute();
  await db.schema.createIndex('penugasan_ukt').on('penugasan').columns(['id_ukt', 'id_pemilih']).execute();
}

/** Removes it again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('penugasan').execute();
}
