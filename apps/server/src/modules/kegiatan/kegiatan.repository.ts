import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, UktTable } from '../../db/types';
import { fromExcluded } from '../../db/upsert';

type Db = Kysely<Database> | Transaction<Database>;

/** An organisation's events, newest first; only archived or only active ones when `arsip` says so. */
export function listKegiatan(db: Kysely<Database>, idOrganisasi: number, filter: { arsip?: boolean } = {}) {
  let query = db.selectFrom('ukt').selectAll().where('id_organisasi', '=', idOrganisasi);
  if (filter.arsip !== undefined) query = query.where('arsip', '=', filter.arsip ? 1 : 0);
  return query.orderBy('tanggal_tes', 'desc').orderBy('id_ukt', 'desc').execute();
}

/** One event of an organisation, if it exists. */
export function findKegiatanById(db: Kysely<Database>, idOrganisasi: number, idUkt: number) {
  return kegiatanByIdQuery(db, idOrganisasi, idUkt).executeTakeFirst();
}

/** The query of findKegiatanById, to read beside others (db/read-together.ts). */
export function kegiatanByIdQuery(db: Kysely<Database>, idOrganisasi: number, idUkt: number) {
  return db
    .selectFrom('ukt')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_ukt', '=', idUkt);
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

/** The event's belt level as a scalar sub-query, null unless the event is the organisation's. */
export function tingkatOfKegiatan(
  eb: ExpressionBuilder<Database, never>,
  idUkt: number,
  idOrganisasi: number,
) {
  return eb
    .selectFrom('ukt')
    .select('ukt.id_tingkat')
    .where('ukt.id_ukt', '=', idUkt)
    .where('ukt.id_organisasi', '=', idOrganisasi);
}

/** Events by id_ukt, whichever organisation they belong to. */
export function findKegiatanByIds(db: Db, ids: number[]) {
  return db.selectFrom('ukt').selectAll().where('id_ukt', 'in', ids).execute();
}

/** Adds or changes events by id_ukt (the caller checked none is another organisation's). */
export async function upsertKegiatanBatch(trx: Transaction<Database>, rows: Insertable<UktTable>[]) {
  if (!rows.length) return;
  const set = [
    'id_organisasi',
    'nama_ukt',
    'nama_kegiatan',
    'tanggal_tes',
    'akhir_tes',
    'id_tingkat',
  ] as const;
  await trx
    .insertInto('ukt')
    .values(rows)
    .onConflict((oc) => oc.column('id_ukt').doUpdateSet(fromExcluded(set)))
    .execute();
}

/** Sets or clears (null) an event's own signatories, stored as organisasi's column text. */
export async function setPenandatanganKegiatan(
  db: Db,
  idOrganisasi: number,
  idUkt: number,
  penandatangan: string | null,
): Promise<void> {
  await db
    .updateTable('ukt')
    .set({ penandatangan })
    .where('id_ukt', '=', idUkt)
    .where('id_organisasi', '=', idOrganisasi)
    .execute();
}
/** Which of these event ids are the organisation's. */
export async function kegiatanIdsOf(
  db: Kysely<Database> | Transaction<Database>,
  idOrganisasi: number,
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('ukt')
    .select('id_ukt')
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_ukt', 'in', ids)
    .execute();
  return rows.map((r) => r.id_ukt);
}
