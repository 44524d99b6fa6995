import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// The committee console (DESIGN §9): events can be archived, examiners deactivated, and the
// organisation gets an announcement and uploaded images (docs/decisions/036). The indexes serve
// the console's counts and "last activity", derived from the audit log and the sessions rather
// than written on every request.

/** Adds the archive, active and announcement/image columns and the console's indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ukt')
    .addColumn('arsip', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('penguji')
    .addColumn('aktif', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('organisasi')
    .addColumn('pengumuman', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Uploaded banners as JSON [{slot, ext, v}], and the uploaded logo as JSON {ext, v} or ''.
  await db.schema
    .alterTable('organisasi')
    .addColumn('banners', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('organisasi')
    .addColumn('logo_gambar', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Who took or scored anyone in an event; an examiner's latest score write; their sessions.
  await db.schema
    .createIndex('audit_log_ukt_pemilih')
    .on('audit_log')
    .columns(['id_ukt', 'id_pemilih'])
    .execute();
  await db.schema.createIndex('audit_log_pemilih_at').on('audit_log').columns(['id_pemilih', 'at']).execute();
  await db.schema.createIndex('sesi_pemilih').on('sesi').columns(['id_pemilih', 'created_at']).execute();
}

/** Drops them again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sesi_pemilih').execute();
  await db.schema.dropIndex('audit_log_pemilih_at').execute();
  await db.schema.dropIndex('audit_log_ukt_pemilih').execute();
  await db.schema.alterTable('organisasi').dropColumn('logo_gambar').execute();
  await db.schema.alterTable('organisasi').dropColumn('banners').execute();
  await db.schema.alterTable('organisasi').dropColumn('pengumuman').execute();
  await db.schema.alterTable('penguji').dropColumn('aktif').execute();
  await db.schema.alterTable('ukt').dropColumn('arsip').execute();
}
