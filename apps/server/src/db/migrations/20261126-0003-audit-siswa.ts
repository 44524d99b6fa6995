import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The participant list asks, for the 20 participants of a page, which score fields were written
// (an audit row per written field, decision 040): one probe per participant. audit_log_siswa
// covered (id_siswa, id_ukt) only, so each probe read the heap for the field; with the field and
// belt level in the index the probe is index-only, and PostgreSQL's planner no longer prefers
// scanning a whole event's entries of audit_log_ukt_field instead (docs/decisions/119). The
// wider index serves every query the narrow one did (same leading columns).

/** Widens audit_log_siswa to (id_siswa, id_ukt, field, id_tingkat). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_siswa').execute();
  await db.schema
    .createIndex('audit_log_siswa')
    .on('audit_log')
    .columns(['id_siswa', 'id_ukt', 'field', 'id_tingkat'])
    .execute();
}

/** Back to (id_siswa, id_ukt). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_siswa').execute();
  await db.schema.createIndex('audit_log_siswa').on('audit_log').columns(['id_siswa', 'id_ukt']).execute();
}
