import { PESERTA_FIELDS_SENDIRI, type PostFlag } from '@ukt/core';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, SiswaTable } from '../../db/types';
import { freshVersi, selectSiswaWithRegions } from './siswa.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** Participants by id with their own fields, all four regions, withdrawal and post flags, by no_urut. */
export function findPanitiaSiswaRows(db: Db, ids: number[]) {
  return selectSiswaWithRegions(db)
    .select([
      'siswa.id_siswa',
      ...PESERTA_FIELDS_SENDIRI.map((f) => `siswa.${f.kolom}` as const),
      'siswa.id_perwapus',
      'siswa.id_cabang',
      'siswa.id_ranting',
      'siswa.id_rayon',
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
