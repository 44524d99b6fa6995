import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.

const SCORE_FIELDS = [
  'nilai_senam',
  'nilai_jurus',
  'nilai_pasang',
  'nilai_sambung',
  'nilai_kshan',
  'nilai_toyak',
  'nilai_blati',
  'nilai_kripen',
  'nilai_teknik',
  'nilai_toyak_jurus',
  'nilai_toyak_senam',
];
const FISIK_NUMBERS = [
  'nilai_mft2',
  'nilai_pushup',
  'nilai_pushup2',
  'nilai_sperperut_atas',
  'nilai_sperperut_atas2',
  'nilai_sperperut_bawah',
  'nilai_sperperut_bawah2',
  'nilai_plank',
  'nilai_plank2',
  'nilai_fisik2',
];

type Table = CreateTableBuilder<string, never>;

function withId(db: Kysely<unknown>, table: Table, name: string): Table {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return pg
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const empty = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/** Creates the whole schema. */
export async function up(db: Kysely<unknown>): Promise<void> {
  let org = db.schema.createTable('organisasi').addColumn('id_organisasi', 'integer', (c) => c.primaryKey());
  for (const col of [
    'nama_organisasi',
    'website',
    'visi',
    'ketua',
    'nama',
    'nama0',
    'nama1',
    'nama2',
    'moto',
  ]) {
    org = org.addColumn(col, 'text', empty);
  }
  for (const col of ['kota', 'warna', 'warna2', 'warna3', 'warna4', 'img_banner', 'logo_height', 'logo']) {
    org = org.addColumn(col, 'text', empty);
  }
  await org.addColumn('created_at', 'text', notNull).addColumn('update_at', 'text', notNull).execute();

  for (const region of ['perwapus', 'cabang', 'ranting', 'rayon']) {
    await withId(db, db.schema.createTable(region), 'id')
      .addColumn('id_parent', 'integer', notNull)
      .addColumn('nama', 'text', notNull)
      .addUniqueConstraint(`${region}_parent_nama`, ['id_parent', 'nama'])
      .execute();
  }

  await withId(db, db.schema.createTable('penguji'), 'id_pemilih')
    .addColumn('id_organisasi', 'integer', notNull)
    .addColumn('no_wa', 'text', notNull)
    .addColumn('nama', 'text', notNull)
    .addColumn('id_perwapus', 'integer')
    .addColumn('id_cabang', 'integer')
    .addColumn('panitia', 'text', empty)
    .addColumn('dewan', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('img_profile', 'text', empty)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('penguji_org_no_wa', ['id_organisasi', 'no_wa'])
    .execute();

  await withId(db, db.schema.createTable('ukt'), 'id_ukt')
    .addColumn('id_organisasi', 'integer', notNull)
    .addColumn('nama_ukt', 'text', notNull)
    .addColumn('nama_kegiatan', 'text', empty)
    .addColumn('tanggal_tes', 'text', notNull)
    .addColumn('akhir_tes', 'text')
    .addColumn('id_tingkat', 'integer', notNull)
    .execute();

  await withId(db, db.schema.createTable('siswa'), 'id_siswa')
    .addColumn('id_ukt', 'integer', notNull)
    .addColumn('no_urut', 'integer', notNull)
    .addColumn('nama', 'text', notNull)
    .addColumn('nama_cari', 'text', notNull)
    .addColumn('provinsi', 'text', empty)
    .addColumn('id_perwapus', 'integer', notNull)
    .addColumn('id_cabang', 'integer', notNull)
    .addColumn('id_ranting', 'integer', notNull)
    .addColumn('id_rayon', 'integer', notNull)
    .addColumn('sudah_keshan', 'integer')
    .addColumn('sudah_tes', 'integer')
    .addColumn('sudah_fisik', 'integer')
    .addColumn('sudah_sambung', 'integer')
    .addUniqueConstraint('siswa_ukt_no_urut', ['id_ukt', 'no_urut'])
    .execute();
  // The list pages by no_urut within whichever filter is set (DESIGN §8). Each index also carries
  // every other filter column and the search form of the name, so matching and counting a page
  // reads the index alone, never the table (docs/decisions/015).
  const tail = ['id_perwapus', 'id_cabang', 'id_ranting', 'id_rayon', 'nama_cari'];
  for (const lead of ['', 'id_perwapus', 'id_cabang', 'id_ranting', 'id_rayon']) {
    const cols = ['id_ukt', ...(lead ? [lead] : []), 'no_urut', ...tail.filter((c) => c !== lead)];
    await db.schema
      .createIndex(`siswa_list_${lead || 'all'}`)
      .on('siswa')
      .columns(cols)
      .execute();
  }

  let nilai = withId(db, db.schema.createTable('nilai'), 'id_nilai')
    .addColumn('id_siswa', 'integer', notNull)
    .addColumn('id_ukt', 'integer', notNull)
    .addColumn('id_tingkat', 'integer', notNull);
  for (const f of SCORE_FIELDS) {
    nilai = nilai.addColumn(f, 'double precision', zero).addColumn(`${f}_plus`, 'double precision', zero);
  }
  nilai = nilai.addColumn('nilai_mft', 'text', empty);
  for (const f of FISIK_NUMBERS) nilai = nilai.addColumn(f, 'double precision', zero);
  await nilai
    .addColumn('created_at', 'text', notNull)
    .addColumn('update_at', 'text', notNull)
    .addColumn('del', 'integer', zero)
    .addUniqueConstraint('nilai_siswa_ukt_tingkat', ['id_siswa', 'id_ukt', 'id_tingkat'])
    .execute();

  await withId(db, db.schema.createTable('audit_log'), 'id')
    .addColumn('at', 'text', notNull)
    .addColumn('id_pemilih', 'integer', notNull)
    .addColumn('id_siswa', 'integer', notNull)
    .addColumn('id_ukt', 'integer', notNull)
    .addColumn('id_tingkat', 'integer', notNull)
    .addColumn('field', 'text', notNull)
    .addColumn('old_value', 'double precision')
    .addColumn('new_value', 'double precision', notNull)
    .execute();
  await db.schema.createIndex('audit_log_siswa').on('audit_log').columns(['id_siswa', 'id_ukt']).execute();

  await withId(db, db.schema.createTable('soal'), 'id_soal')
    .addColumn('id_organisasi', 'integer', notNull)
    .addColumn('id_tingkat', 'integer', notNull)
    .addColumn('no', 'integer', notNull)
    .addColumn('soal_tanya', 'text', notNull)
    .addColumn('a', 'text', notNull)
    .addColumn('b', 'text', notNull)
    .addColumn('c', 'text', notNull)
    .addColumn('d', 'text', notNull)
    .addColumn('jawaban_benar', 'text', notNull)
    .addUniqueConstraint('soal_org_tingkat_no', ['id_organisasi', 'id_tingkat', 'no'])
    .execute();

  await db.schema
    .createTable('otp_code')
    .addColumn('no_wa', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('tries', 'integer', zero)
    .execute();
  await db.schema
    .createTable('otp_state')
    .addColumn('no_wa', 'text', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'bigint', zero)
    .addColumn('hour_start', 'bigint', zero)
    .addColumn('hour_count', 'integer', zero)
    .addColumn('failures', 'integer', zero)
    .addColumn('locked_until', 'bigint', zero)
    .execute();
  await db.schema
    .createTable('rate_hit')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', notNull)
    .addColumn('count', 'integer', notNull)
    .execute();
  await db.schema
    .createTable('sesi')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('id_pemilih', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('idempotency')
    .addColumn('id_pemilih', 'integer', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('idempotency_pk', ['id_pemilih', 'key'])
    .execute();
  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', notNull)
    .execute();
}

/** Drops the whole schema. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'meta',
    'idempotency',
    'sesi',
    'rate_hit',
    'otp_state',
    'otp_code',
    'soal',
    'audit_log',
    'nilai',
    'siswa',
    'ukt',
    'penguji',
    'rayon',
    'ranting',
    'cabang',
    'perwapus',
    'organisasi',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
