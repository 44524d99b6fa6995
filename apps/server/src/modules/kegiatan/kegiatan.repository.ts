import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, UktTable } from '../../db/types';

/** An organisation's events, newest first; only archived or only active ones when `arsip` says so. */
export function listKegiatan(db: Kysely<Database>, idOrganisasi: number, filter: { arsip?: boolean } = {}) {
  let query = db.selectFrom('ukt').selectAll().where('id_organisasi', '=', idOrganisasi);
  if (filter.arsip !== undefined) query = query.where('arsip', '=', filter.arsip ? 1 : 0);
  return query.orderBy('tanggal_tes', 'desc').orderBy('id_ukt', 'desc').execute();
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

/** Adds an event with the committee's id_ukt. */
export async function insertKegiatan(
  db: Kysely<Database> | Transaction<Database>,
  values: Insertable<UktTable>,
): Promise<void> {
  await db.insertInto('ukt').values(values).execute();
}

/**
 * Adds an event under the next free id_ukt (past every imported one: imports move PostgreSQL's
 * sequence on, db/sequences.ts) and answers it.
 */
export async function insertKegiatanWithNewId(
  db: Kysely<Database> | Transaction<Database>,
  values: Omit<Insertable<UktTable>, 'id_ukt'>,
): Promise<number> {
  const row = await db.insertInto('ukt').values(values).returning('id_ukt').executeTakeFirstOrThrow();
  return row.id_ukt;
}

/** Changes an event. */
export async function updateKegiatan(
  db: Kysely<Database> | Transaction<Database>,
  idUkt: number,
  values: Updateable<UktTable>,
): Promise<void> {
  await db.updateTable('ukt').set(values).where('id_ukt', '=', idUkt).execute();
}
