import { type Insertable, type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database, PengujiTable, SiswaTable, SoalTable, UktTable } from '../../db/types';

// The bulk reads and writes of an import (docs/decisions/037): a chunk of file rows is compared
// with its stored copies in one query and written in one multi-row upsert, never row by row.

type Db = Kysely<Database> | Transaction<Database>;

/** Events by id_ukt, whichever organisation they belong to. */
export function findKegiatanByIds(db: Db, ids: number[]) {
  return db.selectFrom('ukt').selectAll().where('id_ukt', 'in', ids).execute();
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

/**
 * An event's participants by no_urut (and, when the numbers are close together, the others
 * between them). Numbers close together are read as one range of the (id_ukt, no_urut) index:
 * on PostgreSQL a range is ten times faster than a list of 500 numbers.
 */
export function findSiswaByNoUruts(db: Db, idUkt: number, noUruts: number[]) {
  const query = db.selectFrom('siswa').selectAll().where('id_ukt', '=', idUkt);
  const min = Math.min(...noUruts);
  const max = Math.max(...noUruts);
  return (
    max - min < 4 * noUruts.length
      ? query.where('no_urut', '>=', min).where('no_urut', '<=', max)
      : query.where('no_urut', 'in', noUruts)
  ).execute();
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

/** `SET col = excluded.col` for each column an upsert changes on a stored row. */
function fromExcluded<C extends string>(columns: readonly C[]) {
  return (eb: { ref: (ref: `excluded.${C}`) => unknown }) =>
    Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])) as Record<C, never>;
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

/** Adds or changes an event's participants by no_urut (never their post flags or withdrawal). */
export async function upsertSiswaBatch(trx: Transaction<Database>, rows: Insertable<SiswaTable>[]) {
  if (!rows.length) return;
  const set = [
    'nama',
    'nama_cari',
    'provinsi',
    'id_perwapus',
    'id_cabang',
    'id_ranting',
    'id_rayon',
  ] as const;
  await trx
    .insertInto('siswa')
    .values(rows)
    .onConflict((oc) => oc.columns(['id_ukt', 'no_urut']).doUpdateSet(fromExcluded(set)))
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

/** The key of the lock that makes PostgreSQL imports run one after the other ('ukt-impor'). */
const IMPORT_LOCK_KEY = 0x756b7469;

/**
 * Holds the import lock until the transaction ends (PostgreSQL). Two imports of the same file at
 * once would each read "not stored" and each report every row new; the second now waits and
 * finds the first one's rows. SQLite runs one write transaction at a time already.
 */
export async function lockImports(trx: Transaction<Database>) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`.execute(trx);
}
