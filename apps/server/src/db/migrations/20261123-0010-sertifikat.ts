import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// Certificates (piagam) of ratified events (DESIGN §11, docs/decisions/043):
// - sertifikat: one row per participant who was issued a piagam, made the first time the
//   committee downloads the piagam of a ratified event and reused by every later download, so
//   a printed certificate keeps its number and its code. `kode` is the random, unguessable code
//   of the public check /verifikasi/{kode}; `nomor` is the certificate number printed on it
//   (readable, per event, not secret).

/** Adds the certificate table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sertifikat')
    .addColumn('kode', 'text', (c) => c.primaryKey())
    .addColumn('id_ukt', 'integer', (c) => c.notNull())
    .addColumn('id_siswa', 'integer', (c) => c.notNull())
    .addColumn('urut', 'integer', (c) => c.notNull())
    .addColumn('nomor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sertifikat_siswa')
    .on('sertifikat')
    .columns(['id_ukt', 'id_siswa'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sertifikat_urut')
    .on('sertifikat')
    .columns(['id_ukt', 'urut'])
    .unique()
    .execute();
}

/** Removes it again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sertifikat').execute();
}
