import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

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
export function findKegiatan(db: Kysely<Database>, idOrganisasi: number, idUkt: number) {
  return db
    .selectFrom('ukt')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_ukt', '=', idUkt)
    .executeTakeFirst();
}
