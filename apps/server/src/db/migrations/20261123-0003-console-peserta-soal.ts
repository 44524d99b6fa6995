import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The committee console's participants and KESHAN questions (docs/decisions/037):
// - siswa.mundur: a withdrawn participant leaves every examiner picker but stays in the records.
//   The examiner list filters on it, so the covering list indexes of the first migration are
//   made again with it as their last column: a page and its count still read the index alone
//   (docs/decisions/015).
// - audit_log.reason and .source ('aplikasi', 'koreksi', 'impor'; DESIGN §10).
// - keshan_jawaban: every KESHAN answer sheet, so a changed answer key can re-grade it.

const LIST_LEADS = ['', 'id_perwapus', 'id_cabang', 'id_ranting', 'id_rayon'];
const LIST_TAIL = ['id_perwapus', 'id_cabang', 'id_ranting', 'id_rayon', 'nama_cari'];

async function listIndexes(db: Kysely<unknown>, extra: string[]): Promise<void> {
  for (const lead of LIST_LEADS) {
    const name = `siswa_list_${lead || 'all'}`;
    await db.schema.dropIndex(name).ifExists().execute();
    const cols = [
      'id_ukt',
      ...(lead ? [lead] : []),
      'no_urut',
      ...LIST_TAIL.filter((c) => c !== lead),
      ...extra,
    ];
    await db.schema.createIndex(name).on('siswa').columns(cols).execute();
  }
}

/** Adds withdrawal, the audit's reason and source, and the answer sheets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('siswa')
    .addColumn('mundur', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await listIndexes(db, ['mundur']);

  await db.schema.alterTable('audit_log').addColumn('reason', 'text').execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('aplikasi'))
    .execute();

  await db.schema
    .createTable('keshan_jawaban')
    .addColumn('id_ukt', 'integer', (c) => c.notNull())
    .addColumn('id_siswa', 'integer', (c) => c.notNull())
    .addColumn('id_tingkat', 'integer', (c) => c.notNull())
    .addColumn('id_soal', 'integer', (c) => c.notNull())
    .addColumn('jawaban', 'text')
    .addPrimaryKeyConstraint('keshan_jawaban_pk', ['id_ukt', 'id_siswa', 'id_tingkat', 'id_soal'])
    .execute();
  // Re-grading finds the sheets that answered a changed question.
  await db.schema
    .createIndex('keshan_jawaban_soal')
    .on('keshan_jawaban')
    .columns(['id_tingkat', 'id_soal', 'jawaban'])
    .execute();
}

/** Removes them again, restoring the first migration's list indexes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('keshan_jawaban').execute();
  await db.schema.alterTable('audit_log').dropColumn('source').execute();
  await db.schema.alterTable('audit_log').dropColumn('reason').execute();
  for (const lead of LIST_LEADS) await db.schema.dropIndex(`siswa_list_${lead || 'all'}`).execute();
  await db.schema.alterTable('siswa').dropColumn('mundur').execute();
  await listIndexes(db, []);
}
