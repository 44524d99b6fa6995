import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, PengujiTable } from '../../db/types';

/** An examiner row as stored. */
export type PengujiRow = Selectable<PengujiTable>;

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
