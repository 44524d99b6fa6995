import { ADMIN_PANITIA } from '@ukt/core';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, PengujiTable } from '../../db/types';
import { fromExcluded } from '../../db/upsert';

/** An examiner row as stored. */
export type PengujiRow = Selectable<PengujiTable>;

type Db = Kysely<Database> | Transaction<Database>;

/** The examiner of an organisation with this normalised number, if any. */
export function findPengujiByNoWa(db: Kysely<Database>, idOrganisasi: number, noWa: string) {
  return db
    .selectFrom('penguji')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('no_wa', '=', noWa)
    .executeTakeFirst();
}

/** The examiner with this id, if any. */
export function findPengujiById(db: Kysely<Database>, idPemilih: number) {
  return db.selectFrom('penguji').selectAll().where('id_pemilih', '=', idPemilih).executeTakeFirst();
}

/** Examiner names by id, for messages that name who holds a participant. */
export async function pengujiName(db: Kysely<Database>, idPemilih: number): Promise<string> {
  const row = await db
    .selectFrom('penguji')
    .select('nama')
    .where('id_pemilih', '=', idPemilih)
    .executeTakeFirst();
  return row?.nama ?? `penguji ${idPemilih}`;
}

/** Adds an examiner. */
export async function insertPenguji(
  db: Kysely<Database> | Transaction<Database>,
  values: Insertable<PengujiTable>,
): Promise<void> {
  await db.insertInto('penguji').values(values).execute();
}

/** Changes an examiner. */
export async function updatePenguji(
  db: Kysely<Database> | Transaction<Database>,
  idPemilih: number,
  values: Updateable<PengujiTable>,
): Promise<void> {
  await db.updateTable('penguji').set(values).where('id_pemilih', '=', idPemilih).execute();
}

/** The numbers of an organisation's active committee admins (SPEC §6). */
export async function listAdminNoWa(db: Db, idOrganisasi: number): Promise<string[]> {
  const rows = await db
    .selectFrom('penguji')
    .select('no_wa')
    .where('id_organisasi', '=', idOrganisasi)
    .where('panitia', 'in', [...ADMIN_PANITIA])
    .where('aktif', '=', 1)
    .orderBy('id_pemilih')
    .execute();
  return rows.map((r) => r.no_wa);
}

/** Examiners' names by id, for the holders a page of participants shows. */
export function listPengujiNames(db: Db, ids: number[]) {
  return db
    .selectFrom('penguji')
    .select(['id_pemilih', 'nama'])
    .where('id_pemilih', 'in', ids.length ? ids : [-1])
    .execute();
}

/** An organisation's examiners by normalised number. */
export function findPengujiByNoWas(db: Db, idOrganisasi: number, noWas: string[]) {
  return db
    .selectFrom('penguji')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('no_wa', 'in', noWas)
    .execute();
}

/** Adds or changes an organisation's examiners by number (never their photo or active state). */
export async function upsertPengujiBatch(trx: Transaction<Database>, rows: Insertable<PengujiTable>[]) {
  if (!rows.length) return;
  const set = ['nama', 'panitia', 'dewan', 'id_perwapus', 'id_cabang'] as const;
  await trx
    .insertInto('penguji')
    .values(rows)
    .onConflict((oc) => oc.columns(['id_organisasi', 'no_wa']).doUpdateSet(fromExcluded(set)))
    .execute();
}
