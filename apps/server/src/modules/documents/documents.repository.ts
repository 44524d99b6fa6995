import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database, SertifikatTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** The participants of an event a card is printed for (not withdrawn), by no_urut, with their regions. */
export function listKartuSiswa(db: Db, idUkt: number, idRanting: number | undefined) {
  return db
    .selectFrom('siswa')
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .select([
      'siswa.id_siswa',
      'siswa.no_urut',
      'siswa.nama',
      'ranting.nama as ranting',
      'rayon.nama as rayon',
    ])
    .where('siswa.id_ukt', '=', idUkt)
    .where('siswa.mundur', '=', 0)
    .$if(idRanting !== undefined, (qb) => qb.where('siswa.id_ranting', '=', idRanting as number))
    .orderBy('siswa.no_urut')
    .orderBy('siswa.id_siswa')
    .execute();
}

/** A ranting's name, if it exists. */
export async function findRantingNama(db: Db, idRanting: number): Promise<string | undefined> {
  const row = await db.selectFrom('ranting').select('nama').where('id', '=', idRanting).executeTakeFirst();
  return row?.nama;
}

/**
 * When the event was ratified (null: a draft; undefined: no such event), locking the event's row
 * on PostgreSQL until the commit: two piagam downloads at once issue numbers one after the other,
 * and an un-ratification waits for an issue in progress. SQLite runs one write at a time anyway.
 */
export async function lockKegiatanForIssue(db: Db, idUkt: number): Promise<string | null | undefined> {
  const query = db.selectFrom('ukt').select('disahkan_at').where('id_ukt', '=', idUkt);
  const locked = db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
  return (await locked.executeTakeFirst())?.disahkan_at;
}

/** The certificates issued for an event. */
export function listSertifikat(db: Db, idUkt: number) {
  return db.selectFrom('sertifikat').selectAll().where('id_ukt', '=', idUkt).orderBy('urut').execute();
}

/** Stores newly issued certificates. */
export async function insertSertifikat(db: Db, rows: SertifikatTable[]): Promise<void> {
  if (rows.length) await db.insertInto('sertifikat').values(rows).execute();
}

/** A certificate by its public code, with its participant and event, if the code is real. */
export function findSertifikatByKode(db: Db, kode: string) {
  return db
    .selectFrom('sertifikat')
    .innerJoin('siswa', 'siswa.id_siswa', 'sertifikat.id_siswa')
    .innerJoin('ukt', 'ukt.id_ukt', 'sertifikat.id_ukt')
    .select([
      'sertifikat.id_ukt',
      'sertifikat.id_siswa',
      'siswa.nama',
      'siswa.id_rayon',
      'siswa.mundur',
      'ukt.id_organisasi',
      'ukt.nama_ukt',
      'ukt.id_tingkat',
      'ukt.disahkan_at',
    ])
    .where('sertifikat.kode', '=', kode)
    .executeTakeFirst();
}
