import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The documents' signatories (DESIGN §11, docs/decisions/110):
// - organisasi.penandatangan: the names and titles printed under the piagam's and the berita
//   acara's signature lines, as JSON {ketua_panitia, sekretaris_panitia, ketua_organisasi,
//   penguji: {jabatan, nama}} ('' until the committee fills them in: blank lines are printed).
// - ukt.penandatangan: one event's own signatories in the same shape, each title or name set there
//   printed instead of the organisation's (null: the organisation's only).

/** Adds the signatories' columns. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organisasi')
    .addColumn('penandatangan', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('ukt').addColumn('penandatangan', 'text').execute();
}

/** Removes them again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ukt').dropColumn('penandatangan').execute();
  await db.schema.alterTable('organisasi').dropColumn('penandatangan').execute();
}
