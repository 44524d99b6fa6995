import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, UktTable } from '../../db/types';

/** An organisation's events, newest first. */
export function listKegiatan(db: Kysely<Database>, idOrganisasi: number) {
  return db
    .selectFrom('ukt')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .orderBy('tanggal_tes', 'desc')
    .orderBy('id_ukt', 'desc')
    .execute();
}

/** One event of an organisation, if it exists. */
export function findKegiatanById(db: Kysely<Database>, idOrganisasi: number, idUkt: number) {
  return db
    .selectFrom('ukt')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_ukt', '=', idUkt)
    .executeTakeFirst();
}

/** An event by id_ukt, whichever organisation it belongs to. */
export function findKegiatanInAnyOrganisasi(db: Kysely<Database> | Transaction<Database>, idUkt: number) {
  return db.selectFrom('ukt').selectAll().where('id_ukt', '=', idUkt).executeTakeFirst();
}

/** Adds an event with the committee's id_ukt. */
export async function insertKegiatan(
  db: Kysely<Database> | Transaction<Database>,
  values: Insertable<UktTable>,
): Promise<void> {
  await db.insertInto('ukt').values(values).execute();
}

/** Changes an event. */
export async function updateKegiatan(
  db: Kysely<Database> | Transaction<Database>,
  idUkt: number,
  values: Updateable<UktTable>,
): Promise<void> {
  await db.updateTable('ukt').set(values).where('id_ukt', '=', idUkt).execute();
}
