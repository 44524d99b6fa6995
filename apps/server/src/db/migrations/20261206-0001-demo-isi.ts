import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// What the demo made, row by row (docs/decisions/154): `tabel` names the table ('penguji', 'ukt',
// 'siswa', 'soal', 'perwapus', 'cabang', 'ranting', 'rayon') and `id` the row's id there, so a
// trial run can be removed again without touching what the committee added beside it.
//
// A demo made before this table existed is found by what the demo always made: its three examiners'
// numbers, its two events (ids 1 and 2, their names) and those events' first 120 and 80 participants.
// Its KESHAN questions and regions cannot be told from imported ones and stay unmarked.

const DEMO_NUMBERS = ['6281100000001', '6281100000002', '6281100000003'];
const DEMO_EVENTS = [
  { id: 1, nama: 'UKT Sabuk Polos Ke Jambon', peserta: 120 },
  { id: 2, nama: 'UKT Sabuk Putih Ke Calon Warga', peserta: 80 },
];

/** Adds the table and marks a demo made earlier. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_isi')
    .addColumn('tabel', 'text', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('id_organisasi', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('demo_isi_pk', ['tabel', 'id'])
    .execute();

  const numbers = sql.join(DEMO_NUMBERS.map((n) => sql.lit(n)));
  const { rows } = await sql<{ id_organisasi: number }>`
    select id_organisasi from penguji where no_wa in (${numbers})
    group by id_organisasi having count(*) = ${sql.lit(DEMO_NUMBERS.length)}`.execute(db);
  for (const { id_organisasi } of rows) {
    const org = sql.lit(Number(id_organisasi));
    await sql`insert into demo_isi (tabel, id, id_organisasi)
      select 'penguji', id_pemilih, id_organisasi from penguji
      where id_organisasi = ${org} and no_wa in (${numbers})`.execute(db);
    for (const event of DEMO_EVENTS) {
      const id = sql.lit(event.id);
      const found = await sql`select id_ukt from ukt
        where id_ukt = ${id} and id_organisasi = ${org} and nama_ukt = ${sql.lit(event.nama)}`.execute(db);
      if (found.rows.length === 0) continue;
      await sql`insert into demo_isi (tabel, id, id_organisasi) values ('ukt', ${id}, ${org})`.execute(db);
      await sql`insert into demo_isi (tabel, id, id_organisasi)
        select 'siswa', id_siswa, ${org} from siswa
        where id_ukt = ${id} and no_urut <= ${sql.lit(event.peserta)}`.execute(db);
    }
  }
}

/** Removes it again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_isi').execute();
}
