import { ADMIN_PANITIA } from '@ukt/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

// The demo's own rows (docs/decisions/154): marked in demo_isi when the demo makes them, counted for
// the console's first steps, and removed together. Like the seed, this area reaches every table the
// demo fills (test/support/table-owners.ts skips demo/); nothing outside demo/ reads demo_isi.

type Db = Kysely<Database> | Transaction<Database>;

/** The tables whose rows the demo marks. */
export type DemoTabel = 'penguji' | 'ukt' | 'siswa' | 'soal' | 'perwapus' | 'cabang' | 'ranting' | 'rayon';

/** Rows marked in one statement: well under either database's limit on bound values. */
const CHUNK = 300;

/** Marks rows as the demo's. */
export async function markDemo(db: Db, idOrganisasi: number, tabel: DemoTabel, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = ids.slice(i, i + CHUNK).map((id) => ({ tabel, id, id_organisasi: idOrganisasi }));
    await db
      .insertInto('demo_isi')
      .values(rows)
      .onConflict((oc) => oc.columns(['tabel', 'id']).doNothing())
      .execute();
  }
}

/** The ids of an event's participants (the demo's events hold only its own when it makes them). */
export async function listSiswaIds(db: Db, idUkt: number): Promise<number[]> {
  const rows = await db.selectFrom('siswa').select('id_siswa').where('id_ukt', '=', idUkt).execute();
  return rows.map((r) => r.id_siswa);
}

/** The ids of an organisation's KESHAN questions. */
export async function listSoalIds(db: Db, idOrganisasi: number): Promise<number[]> {
  const rows = await db
    .selectFrom('soal')
    .select('id_soal')
    .where('id_organisasi', '=', idOrganisasi)
    .execute();
  return rows.map((r) => r.id_soal);
}

/** The ids of one table's demo rows, as a sub-query. */
function demoIds(db: Db, idOrganisasi: number, tabel: DemoTabel) {
  return db
    .selectFrom('demo_isi')
    .select('demo_isi.id')
    .where('demo_isi.tabel', '=', tabel)
    .where('demo_isi.id_organisasi', '=', idOrganisasi);
}

/** How many examiners, events and participants of the demo the organisation holds. */
export async function countDemo(db: Db, idOrganisasi: number) {
  const rows = await db
    .selectFrom('demo_isi')
    .select(['tabel', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('id_organisasi', '=', idOrganisasi)
    .groupBy('tabel')
    .execute();
  const of = (tabel: DemoTabel) => Number(rows.find((r) => r.tabel === tabel)?.n ?? 0);
  return { penguji: of('penguji'), kegiatan: of('ukt'), peserta: of('siswa'), semua: rows.length > 0 };
}

/**
 * What the organisation holds beside the demo: its own events, its own examiners who are not committee
 * admins, and its own participants (the first steps of the console).
 */
export async function countOwn(db: Db, idOrganisasi: number) {
  const [kegiatan, penguji, peserta] = await Promise.all([
    db
      .selectFrom('ukt')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('id_organisasi', '=', idOrganisasi)
      .where('id_ukt', 'not in', demoIds(db, idOrganisasi, 'ukt'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('penguji')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('id_organisasi', '=', idOrganisasi)
      .where('panitia', 'not in', [...ADMIN_PANITIA])
      .where('id_pemilih', 'not in', demoIds(db, idOrganisasi, 'penguji'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('siswa')
      .innerJoin('ukt', 'ukt.id_ukt', 'siswa.id_ukt')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('ukt.id_organisasi', '=', idOrganisasi)
      .where('siswa.id_siswa', 'not in', demoIds(db, idOrganisasi, 'siswa'))
      .executeTakeFirstOrThrow(),
  ]);
  return { kegiatan: Number(kegiatan.n), penguji: Number(penguji.n), peserta: Number(peserta.n) };
}

/** Whether the examiner is one of the demo's. */
export async function isDemoPenguji(db: Db, idOrganisasi: number, idPemilih: number): Promise<boolean> {
  const row = await demoIds(db, idOrganisasi, 'penguji')
    .where('demo_isi.id', '=', idPemilih)
    .executeTakeFirst();
  return row !== undefined;
}

/** The organisation's committee admins who are not the demo's, by number. */
export async function listOwnAdmins(db: Db, idOrganisasi: number): Promise<string[]> {
  const rows = await db
    .selectFrom('penguji')
    .select('no_wa')
    .where('id_organisasi', '=', idOrganisasi)
    .where('panitia', 'in', [...ADMIN_PANITIA])
    .where('aktif', '=', 1)
    .where('id_pemilih', 'not in', demoIds(db, idOrganisasi, 'penguji'))
    .execute();
  return rows.map((r) => r.no_wa);
}

/**
 * The first score that is not the demo's, with who gave it to whom in which event: one written in a
 * demo event by an examiner the demo did not make or on a participant it did not make, or one a demo
 * examiner wrote in another event. Undefined when every score touching the demo is its own.
 */
export async function findRealScore(db: Db, idOrganisasi: number) {
  const ukt = demoIds(db, idOrganisasi, 'ukt');
  const penguji = demoIds(db, idOrganisasi, 'penguji');
  const siswa = demoIds(db, idOrganisasi, 'siswa');
  const audited = await db
    .selectFrom('audit_log as a')
    .leftJoin('penguji as p', 'p.id_pemilih', 'a.id_pemilih')
    .leftJoin('siswa as s', 's.id_siswa', 'a.id_siswa')
    .leftJoin('ukt as u', 'u.id_ukt', 'a.id_ukt')
    .select(['p.nama as penguji', 's.nama as peserta', 'u.nama_ukt as kegiatan'])
    .where((eb) =>
      eb.and([
        eb.or([eb('a.id_ukt', 'in', ukt), eb('a.id_pemilih', 'in', penguji)]),
        eb.or([
          eb('a.id_ukt', 'not in', ukt),
          eb('a.id_pemilih', 'not in', penguji),
          eb('a.id_siswa', 'not in', siswa),
        ]),
      ]),
    )
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst();
  if (audited) return audited;
  return db
    .selectFrom('nilai as n')
    .innerJoin('siswa as s', 's.id_siswa', 'n.id_siswa')
    .innerJoin('ukt as u', 'u.id_ukt', 'n.id_ukt')
    .select(['s.nama as peserta', 'u.nama_ukt as kegiatan'])
    .select((eb) => eb.val<string | null>(null).as('penguji'))
    .where('n.id_ukt', 'in', ukt)
    .where('n.id_siswa', 'not in', siswa)
    .limit(1)
    .executeTakeFirst();
}

/**
 * Removes the demo's examiners, events (with every participant, score, answer, rule, certificate and
 * assignment in them), its examiners' sessions and messages, its KESHAN questions, the regions only it
 * used, and the marks themselves. Call inside one transaction, after findRealScore found nothing.
 */
export async function deleteDemo(trx: Transaction<Database>, idOrganisasi: number): Promise<void> {
  const ukt = () => demoIds(trx, idOrganisasi, 'ukt');
  const penguji = () => demoIds(trx, idOrganisasi, 'penguji');
  const numbers = () =>
    trx.selectFrom('penguji').select('penguji.no_wa').where('penguji.id_pemilih', 'in', penguji());

  await trx
    .deleteFrom('audit_log')
    .where((eb) => eb.or([eb('id_ukt', 'in', ukt()), eb('id_pemilih', 'in', penguji())]))
    .execute();
  await trx.deleteFrom('nilai').where('id_ukt', 'in', ukt()).execute();
  await trx.deleteFrom('keshan_jawaban').where('id_ukt', 'in', ukt()).execute();
  await trx.deleteFrom('sertifikat').where('id_ukt', 'in', ukt()).execute();
  await trx.deleteFrom('aturan_lulus').where('id_ukt', 'in', ukt()).execute();
  await trx
    .deleteFrom('penugasan')
    .where((eb) => eb.or([eb('id_ukt', 'in', ukt()), eb('id_pemilih', 'in', penguji())]))
    .execute();
  await trx
    .deleteFrom('penguji_tertunda')
    .where((eb) => eb.or([eb('id_ukt', 'in', ukt()), eb('id_pemilih', 'in', penguji())]))
    .execute();
  await trx.deleteFrom('sesi').where('id_pemilih', 'in', penguji()).execute();
  await trx.deleteFrom('idempotency').where('id_pemilih', 'in', penguji()).execute();
  await trx.deleteFrom('wa_pesan').where('id_pemilih', 'in', penguji()).execute();
  await trx.deleteFrom('otp_code').where('no_wa', 'in', numbers()).execute();
  await trx.deleteFrom('otp_state').where('no_wa', 'in', numbers()).execute();
  await trx.deleteFrom('otp_send').where('no_wa', 'in', numbers()).execute();
  await trx.updateTable('ukt').set({ disahkan_oleh: null }).where('disahkan_oleh', 'in', penguji()).execute();
  await trx.deleteFrom('siswa').where('id_ukt', 'in', ukt()).execute();
  await trx.deleteFrom('ukt').where('id_ukt', 'in', ukt()).execute();
  await trx
    .deleteFrom('soal')
    .where('id_soal', 'in', demoIds(trx, idOrganisasi, 'soal'))
    .execute();
  await trx.deleteFrom('penguji').where('id_pemilih', 'in', penguji()).execute();
  await deleteUnusedRegions(trx, idOrganisasi);
  await trx.deleteFrom('demo_isi').where('id_organisasi', '=', idOrganisasi).execute();
}

/** The demo's regions that nothing left uses, the lowest level first. */
async function deleteUnusedRegions(trx: Transaction<Database>, idOrganisasi: number): Promise<void> {
  await trx
    .deleteFrom('rayon')
    .where('id', 'in', demoIds(trx, idOrganisasi, 'rayon'))
    .where('id', 'not in', trx.selectFrom('siswa').select('siswa.id_rayon'))
    .execute();
  await trx
    .deleteFrom('ranting')
    .where('id', 'in', demoIds(trx, idOrganisasi, 'ranting'))
    .where('id', 'not in', trx.selectFrom('siswa').select('siswa.id_ranting'))
    .where('id', 'not in', trx.selectFrom('rayon').select('rayon.id_parent'))
    .execute();
  await trx
    .deleteFrom('cabang')
    .where('id', 'in', demoIds(trx, idOrganisasi, 'cabang'))
    .where('id', 'not in', trx.selectFrom('siswa').select('siswa.id_cabang'))
    .where(
      'id',
      'not in',
      trx.selectFrom('penguji').select('penguji.id_cabang').where('penguji.id_cabang', 'is not', null),
    )
    .where('id', 'not in', trx.selectFrom('ranting').select('ranting.id_parent'))
    .execute();
  await trx
    .deleteFrom('perwapus')
    .where('id', 'in', demoIds(trx, idOrganisasi, 'perwapus'))
    .where('id', 'not in', trx.selectFrom('siswa').select('siswa.id_perwapus'))
    .where(
      'id',
      'not in',
      trx.selectFrom('penguji').select('penguji.id_perwapus').where('penguji.id_perwapus', 'is not', null),
    )
    .where('id', 'not in', trx.selectFrom('cabang').select('cabang.id_parent'))
    .execute();
}
