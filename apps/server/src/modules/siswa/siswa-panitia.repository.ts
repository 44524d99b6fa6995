import type { PostFlag } from '@ukt/core';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, SiswaTable } from '../../db/types';
import { freshVersi } from './siswa.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** Participants by id with all four region names, withdrawal and post flags, by no_urut. */
export function findPanitiaSiswaRows(db: Db, ids: number[]) {
  return db
    .selectFrom('siswa')
    .innerJoin('perwapus', 'perwapus.id', 'siswa.id_perwapus')
    .innerJoin('cabang', 'cabang.id', 'siswa.id_cabang')
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .select([
      'siswa.id_siswa',
      'siswa.no_urut',
      'siswa.nama',
      'siswa.provinsi',
      'siswa.id_perwapus',
      'perwapus.nama as perwapus',
      'siswa.id_cabang',
      'cabang.nama as cabang',
      'siswa.id_ranting',
      'ranting.nama as ranting',
      'siswa.id_rayon',
      'rayon.nama as rayon',
      'siswa.mundur',
      'siswa.sudah_keshan',
      'siswa.sudah_tes',
      'siswa.sudah_fisik',
      'siswa.sudah_sambung',
    ])
    .where('siswa.id_siswa', 'in', ids.length ? ids : [-1])
    .orderBy('siswa.no_urut')
    .execute();
}

/** The number after the event's highest no_urut (1 for an empty event). */
export async function nextNoUrut(db: Db, idUkt: number): Promise<number> {
  const row = await db
    .selectFrom('siswa')
    .select((eb) => eb.fn.max('no_urut').as('last'))
    .where('id_ukt', '=', idUkt)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** Adds a participant and answers their id_siswa. */
export async function insertSiswaReturningId(db: Db, values: Insertable<SiswaTable>): Promise<number> {
  const row = await db.insertInto('siswa').values(values).returning('id_siswa').executeTakeFirstOrThrow();
  return row.id_siswa;
}

/** Withdraws a participant from their event (1) or brings them back (0). */
export async function updateMundur(db: Db, idSiswa: number, mundur: 0 | 1): Promise<void> {
  await db.updateTable('siswa').set({ mundur }).where('id_siswa', '=', idSiswa).execute();
}

/**
 * Releases a participant at a post, but only while the examiner who was seen holding them still
 * does (a take in between wins); answers whether it did.
 */
export async function releaseAtPost(
  db: Db,
  idSiswa: number,
  column: PostFlag,
  holder: number,
): Promise<boolean> {
  const result = await db
    .updateTable('siswa')
    .set({ [column]: null, versi: freshVersi(db) })
    .where('id_siswa', '=', idSiswa)
    .where(column, '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
