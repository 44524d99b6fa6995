import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// What the server processes of one database share in time, whichever machine they run on
// (docs/decisions/160):
// - tugas_berkala: one row per timed task (the scheduled backup, the hourly clean-up). The process
//   holding its lease (pemegang, until sampai_at) is the one that runs it; terakhir_at is when it
//   last ran, so a process that takes over after the holder died knows whether it is due.
// - wa_jeda: per WhatsApp gateway, the earliest time the next message may start (berikut_at, ms by
//   the database's clock): each sender claims the next slot with one update, so the gateway's pace
//   holds across every process together.

/** Adds the two tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tugas_berkala')
    .addColumn('nama', 'text', (c) => c.primaryKey())
    .addColumn('pemegang', 'text')
    .addColumn('sampai_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('terakhir_at', 'bigint')
    .execute();
  await db.schema
    .createTable('wa_jeda')
    .addColumn('gateway', 'text', (c) => c.primaryKey())
    .addColumn('berikut_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** Removes them again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wa_jeda').execute();
  await db.schema.dropTable('tugas_berkala').execute();
}
