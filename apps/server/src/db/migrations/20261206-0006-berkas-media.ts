import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// Recordings, examiners' photos and the organisation's images on PostgreSQL (docs/decisions/164):
// one row per file, named as its path under DATA_DIR was (audio/{id_ukt}/{id_siswa}-{id_soal}.webm,
// photos/{id_pemilih}.jpg, organisasi/{id}/{slot}-{v}.png), so every server process of the database
// reads what any of them stored. On SQLite the table exists but stays empty: files stay in DATA_DIR.
// The files already in DATA_DIR are moved by the server at start-up (media-move.ts), not here: a
// migration does not know DATA_DIR.

/** Adds the table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('berkas_media')
    .addColumn('nama', 'text', (c) => c.primaryKey())
    .addColumn('jenis', 'text', (c) => c.notNull())
    .addColumn('ukuran', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('isi', pg ? sql`bytea` : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Recordings and images are compressed already: stored as they are, so reading a part is cheap.
  if (pg) await sql`alter table berkas_media alter column isi set storage external`.execute(db);
}

/** Removes it again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('berkas_media').execute();
}
