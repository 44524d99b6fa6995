import type { Kysely, Transaction } from 'kysely';
import type { Database, SertifikatTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

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
