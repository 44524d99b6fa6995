import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// Ratification, the phones' outbox reports and the progress page (DESIGN §10,
// docs/decisions/041-ratification-corrections-and-outbox-report.md):
// - ukt.disahkan_at / disahkan_oleh: when and by whom the committee ratified the event (null: a
//   draft). While set, every score write for the event is refused.
// - penguji_tertunda: how many writes an examiner's phone last said it still holds, when, and the
//   event its request named; one row per examiner, no score content.
// - audit_log_ukt_sumber: an event's audit rows by source and field, with who wrote them for whom
//   and when, so the progress page's per-examiner counts and last activity seek the exams' fields
//   and read the index alone (the per-exam counts probe 0004's audit_log_ukt_field);
// - audit_log_ukt_at: the audit page's newest-first order within an event.

/** Adds the ratification columns, the outbox report table and the progress indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ukt').addColumn('disahkan_at', 'text').execute();
  await db.schema.alterTable('ukt').addColumn('disahkan_oleh', 'integer').execute();

  await db.schema
    .createTable('penguji_tertunda')
    .addColumn('id_pemilih', 'integer', (c) => c.primaryKey())
    .addColumn('jumlah', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('id_ukt', 'integer')
    .execute();
  await db.schema.createIndex('penguji_tertunda_ukt').on('penguji_tertunda').column('id_ukt').execute();

  await db.schema
    .createIndex('audit_log_ukt_sumber')
    .on('audit_log')
    .columns(['id_ukt', 'source', 'field', 'id_tingkat', 'id_pemilih', 'id_siswa', 'at'])
    .execute();
  await db.schema.createIndex('audit_log_ukt_at').on('audit_log').columns(['id_ukt', 'at', 'id']).execute();
}

/** Removes them again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_ukt_at').execute();
  await db.schema.dropIndex('audit_log_ukt_sumber').execute();
  await db.schema.dropTable('penguji_tertunda').execute();
  await db.schema.alterTable('ukt').dropColumn('disahkan_oleh').execute();
  await db.schema.alterTable('ukt').dropColumn('disahkan_at').execute();
}
