import { type Insertable, type Kysely, PostgresAdapter, type Transaction, type Updateable } from 'kysely';
import type { Database, SoalTable } from '../../db/types';
import { fromExcluded } from '../../db/upsert';

type Db = Kysely<Database> | Transaction<Database>;

/** A belt's question set without the answer key, ordered by no. */
export function listSoal(db: Kysely<Database>, idOrganisasi: number, idTingkat: number) {
  return db
    .selectFrom('soal')
    .select(['id_soal', 'no', 'soal_tanya', 'a', 'b', 'c', 'd'])
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_tingkat', '=', idTingkat)
    .orderBy('no')
    .execute();
}

/**
 * A belt's answer key: id_soal and the correct letter. Stays on the server. With a lock, inside a
 * write transaction on PostgreSQL, grading ('share') and changing the key ('update') wait for each
 * other, so a sheet is never graded with a key that a re-grading has already replaced, and two key
 * changes of a belt never re-grade from the same old key (SQLite runs one write transaction at a
 * time anyway).
 */
export function listJawabanBenar(
  db: Kysely<Database> | Transaction<Database>,
  idOrganisasi: number,
  idTingkat: number,
  lock?: 'share' | 'update',
) {
  const query = db
    .selectFrom('soal')
    .select(['id_soal', 'no', 'jawaban_benar'])
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_tingkat', '=', idTingkat);
  if (!lock || !(db.getExecutor().adapter instanceof PostgresAdapter)) return query.execute();
  return (lock === 'share' ? query.forShare() : query.forUpdate()).execute();
}

/** A belt's questions with their keys, ordered by no: the console's view. */
export function listSoalWithKey(db: Kysely<Database>, idOrganisasi: number, idTingkat: number) {
  return db
    .selectFrom('soal')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_tingkat', '=', idTingkat)
    .orderBy('no')
    .execute();
}

/** A question of an organisation's belt by id, if it exists. */
export function findSoalById(
  db: Kysely<Database> | Transaction<Database>,
  idOrganisasi: number,
  idTingkat: number,
  idSoal: number,
) {
  return db
    .selectFrom('soal')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_tingkat', '=', idTingkat)
    .where('id_soal', '=', idSoal)
    .executeTakeFirst();
}

/** Changes a KESHAN question. */
export async function updateSoal(
  db: Kysely<Database> | Transaction<Database>,
  idSoal: number,
  values: Updateable<SoalTable>,
): Promise<void> {
  await db.updateTable('soal').set(values).where('id_soal', '=', idSoal).execute();
}

/** Adds many KESHAN questions at once (demo data). */
export async function insertSoalBatch(
  db: Kysely<Database> | Transaction<Database>,
  rows: Insertable<SoalTable>[],
): Promise<void> {
  if (rows.length) await db.insertInto('soal').values(rows).execute();
}

/** A belt's KESHAN questions by no. */
export function findSoalByNos(db: Db, idOrganisasi: number, idTingkat: number, nos: number[]) {
  return db
    .selectFrom('soal')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_tingkat', '=', idTingkat)
    .where('no', 'in', nos)
    .execute();
}

/** Adds or changes a belt's KESHAN questions by no. */
export async function upsertSoalBatch(trx: Transaction<Database>, rows: Insertable<SoalTable>[]) {
  if (!rows.length) return;
  const set = ['soal_tanya', 'a', 'b', 'c', 'd', 'jawaban_benar'] as const;
  await trx
    .insertInto('soal')
    .values(rows)
    .onConflict((oc) => oc.columns(['id_organisasi', 'id_tingkat', 'no']).doUpdateSet(fromExcluded(set)))
    .execute();
}
