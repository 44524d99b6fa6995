import type { PostFlag } from '@ukt/core';
import { SISWA_PAGE_SIZE } from '@ukt/core';
import {
  type Insertable,
  type Kysely,
  PostgresAdapter,
  type SelectQueryBuilder,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import { prepareCall, preparedOf } from '../../db/prepared';
import type { Database, SiswaTable } from '../../db/types';
import { fromExcluded } from '../../db/upsert';
import { containsPattern } from '../../lib/search-form';
import { writtenSiswaIds } from '../audit/audit.repository';
import { SISWA_ROW_COLUMNS } from './siswa-row';

type Db = Kysely<Database> | Transaction<Database>;

/** The filters of a participant page after the examiner's scope was applied. */
export interface SiswaFilter {
  id_ukt: number;
  id_perwapus?: number | undefined;
  id_cabang?: number | undefined;
  id_ranting?: number | undefined;
  id_rayon?: number | undefined;
  /** Lower-cased search text; digits also match no_urut. */
  cari: string;
  /** Only the withdrawn (true) or only the others (false); every examiner list asks false. */
  mundur?: boolean | undefined;
  /** 'Belum dinilai': only those without an audit row for this field at this level. */
  belum?: WrittenAt | undefined;
}

/** A score field at a belt level: where one exam's scores are. */
export interface WrittenAt {
  field: string;
  tingkat: number;
}

function filtered<O>(query: SelectQueryBuilder<Database, 'siswa', O>, f: SiswaFilter) {
  let q = query.where('siswa.id_ukt', '=', f.id_ukt);
  if (f.id_perwapus !== undefined) q = q.where('siswa.id_perwapus', '=', f.id_perwapus);
  if (f.id_cabang !== undefined) q = q.where('siswa.id_cabang', '=', f.id_cabang);
  if (f.id_ranting !== undefined) q = q.where('siswa.id_ranting', '=', f.id_ranting);
  if (f.id_rayon !== undefined) q = q.where('siswa.id_rayon', '=', f.id_rayon);
  if (f.mundur !== undefined) q = q.where('siswa.mundur', '=', f.mundur ? 1 : 0);
  const belum = f.belum;
  if (belum) {
    q = q.where('siswa.id_siswa', 'not in', (eb) => writtenSiswaIds(eb, f.id_ukt, belum));
  }
  if (f.cari) {
    const like = sql<boolean>`siswa.nama_cari like ${containsPattern(f.cari)} escape '\\'`;
    const number = /^\d{1,9}$/.test(f.cari) ? Number(f.cari) : undefined;
    q = q.where((eb) => (number === undefined ? like : eb.or([like, eb('siswa.no_urut', '=', number)])));
  }
  return q;
}

/** The ids of one page of matching participants, by no_urut. */
export async function findSiswaPageIds(db: Kysely<Database>, f: SiswaFilter, hal: number): Promise<number[]> {
  const rows = await filtered(db.selectFrom('siswa'), f)
    .select('siswa.id_siswa')
    .orderBy('siswa.no_urut')
    .limit(SISWA_PAGE_SIZE)
    .offset((hal - 1) * SISWA_PAGE_SIZE)
    .execute();
  return rows.map((r) => r.id_siswa);
}

/**
 * Participants with their four regions, each region's name selected as `perwapus`, `cabang`,
 * `ranting` and `rayon`: the base of every read that shows a participant's regions. Joined down
 * the hierarchy by each region's primary key, the order the recap's plan relies on; a caller adds
 * its own joins, columns, filters and order.
 */
export function selectSiswaWithRegions(db: Db) {
  return db
    .selectFrom('siswa')
    .innerJoin('perwapus', 'perwapus.id', 'siswa.id_perwapus')
    .innerJoin('cabang', 'cabang.id', 'siswa.id_cabang')
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .select([
      'perwapus.nama as perwapus',
      'cabang.nama as cabang',
      'ranting.nama as ranting',
      'rayon.nama as rayon',
    ]);
}

/**
 * Participants by id with their region names, by no_urut: what a list page shows that changes
 * only with the roster (kept with the page, docs/decisions/015).
 */
export function findSiswaRows(db: Kysely<Database>, ids: number[]) {
  return selectSiswaWithRegions(db)
    .select(['siswa.id_siswa', 'siswa.no_urut', 'siswa.nama', 'siswa.provinsi'])
    .where('siswa.id_siswa', 'in', ids.length ? ids : [-1])
    .orderBy('siswa.no_urut')
    .execute();
}

/** The post flags (who holds them at each post) of participants by id: what takes change. */
export function findPostFlags(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('siswa')
    .select(['id_siswa', 'sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'])
    .where('id_siswa', 'in', ids.length ? ids : [-1])
    .execute();
}

/**
 * Every participant of an event under the scope's perwapus/cabang, withdrawn ones too (flagged),
 * by no_urut, with their region ids and post flags: the roster a phone keeps.
 */
export function findRosterRows(
  db: Kysely<Database>,
  f: Pick<SiswaFilter, 'id_ukt' | 'id_perwapus' | 'id_cabang'>,
) {
  let q = db
    .selectFrom('siswa')
    .select([
      'siswa.id_siswa',
      'siswa.no_urut',
      'siswa.nama',
      'siswa.provinsi',
      'siswa.id_perwapus',
      'siswa.id_cabang',
      'siswa.id_ranting',
      'siswa.id_rayon',
      'siswa.sudah_keshan',
      'siswa.sudah_tes',
      'siswa.sudah_fisik',
      'siswa.sudah_sambung',
      'siswa.mundur',
    ])
    .where('siswa.id_ukt', '=', f.id_ukt);
  if (f.id_perwapus !== undefined) q = q.where('siswa.id_perwapus', '=', f.id_perwapus);
  if (f.id_cabang !== undefined) q = q.where('siswa.id_cabang', '=', f.id_cabang);
  return q.orderBy('siswa.no_urut').execute();
}

/** How many participants match the filters. */
export async function countSiswa(db: Kysely<Database>, f: SiswaFilter): Promise<number> {
  const row = await filtered(db.selectFrom('siswa'), f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A participant of an event, if any. */
export function findSiswa(db: Kysely<Database>, idSiswa: number, idUkt: number) {
  return db
    .selectFrom('siswa')
    .selectAll()
    .where('id_siswa', '=', idSiswa)
    .where('id_ukt', '=', idUkt)
    .executeTakeFirst();
}

/**
 * Takes a participant at a post for an examiner unless another examiner holds them or they
 * withdrew, in one statement so two examiners racing for the same participant cannot both win; a
 * take marks the event's lists changed. Run it inside a write transaction.
 */
export async function takeAtPost(
  trx: Transaction<Database>,
  idSiswa: number,
  idUkt: number,
  column: PostFlag,
  idPemilih: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('siswa')
    .set({ [column]: idPemilih, versi: freshVersi(trx) })
    .where('id_siswa', '=', idSiswa)
    .where('id_ukt', '=', idUkt)
    .where('mundur', '=', 0)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '=', idPemilih)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new flags version for a participant row whose post flags change (docs/decisions/118): on
 * PostgreSQL the next value of siswa_versi_seq (the column's default), taken without any lock;
 * on SQLite, where one write runs at a time, the event's highest plus one.
 */
export function freshVersi(db: Kysely<Database> | Transaction<Database>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<number>`default`
    : sql<number>`(select coalesce(max(s2.versi), 0) + 1 from siswa s2 where s2.id_ukt = siswa.id_ukt)`;
}

/** What `ukt_ambil` answered: the key's kept answer, a refusal to look into, or the take. */
export interface AmbilResult {
  hasil: 'ulang' | 'tolak' | 'diambil';
  status_code: number | null;
  response: string | null;
  request_hash: string | null;
}

/**
 * PostgreSQL: a whole take in one round trip and one commit, the Idempotency-Key and its answer
 * included (the function `ukt_ambil` in siswa.pg.sql, docs/decisions/118 and 143).
 */
export async function takeAtPostPg(
  db: Kysely<Database>,
  take: {
    owner: number;
    key: string | null;
    hash: string | null;
    now: number;
    answer: string;
    idSiswa: number;
    idUkt: number;
    idOrganisasi: number;
    column: PostFlag;
    admin: boolean;
    idPerwapus: number | null;
    idCabang: number | null;
  },
): Promise<AmbilResult> {
  const query = preparedOf(db, 'ukt-ambil', () =>
    prepareCall<AmbilResult>(db, 'ukt_ambil', Array(12).fill(null), 'outbox'),
  );
  const rows = await query(
    take.owner,
    take.key,
    take.hash,
    take.now,
    take.answer,
    take.idSiswa,
    take.idUkt,
    take.idOrganisasi,
    take.column,
    take.admin,
    take.idPerwapus,
    take.idCabang,
  );
  return rows[0] as AmbilResult;
}

/** A participant of an event by no_urut. */
export function findSiswaByNoUrut(
  db: Kysely<Database> | Transaction<Database>,
  idUkt: number,
  noUrut: number,
) {
  return db
    .selectFrom('siswa')
    .selectAll()
    .where('id_ukt', '=', idUkt)
    .where('no_urut', '=', noUrut)
    .executeTakeFirst();
}

/** Changes a participant's name, regions or province (never their post flags). */
export async function updateSiswa(
  db: Kysely<Database> | Transaction<Database>,
  idSiswa: number,
  values: Updateable<SiswaTable>,
): Promise<void> {
  await db.updateTable('siswa').set(values).where('id_siswa', '=', idSiswa).execute();
}

/** Adds many participants at once (demo data). */
export async function insertSiswaBatch(
  db: Kysely<Database> | Transaction<Database>,
  rows: Insertable<SiswaTable>[],
): Promise<void> {
  if (rows.length) await db.insertInto('siswa').values(rows).execute();
}

/** The participants of an event a card is printed for (not withdrawn), by no_urut, with their regions. */
export function listKartuSiswa(
  db: Kysely<Database> | Transaction<Database>,
  idUkt: number,
  idRanting: number | undefined,
) {
  return db
    .selectFrom('siswa')
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .select([
      'siswa.id_siswa',
      'siswa.no_urut',
      'siswa.nama',
      'ranting.nama as ranting',
      'rayon.nama as rayon',
    ])
    .where('siswa.id_ukt', '=', idUkt)
    .where('siswa.mundur', '=', 0)
    .$if(idRanting !== undefined, (qb) => qb.where('siswa.id_ranting', '=', idRanting as number))
    .orderBy('siswa.no_urut')
    .orderBy('siswa.id_siswa')
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

/** Adds or changes an event's participants by no_urut (never their post flags or withdrawal). */
export async function upsertSiswaBatch(trx: Transaction<Database>, rows: Insertable<SiswaTable>[]) {
  if (!rows.length) return;
  await trx
    .insertInto('siswa')
    .values(rows)
    .onConflict((oc) => oc.columns(['id_ukt', 'no_urut']).doUpdateSet(fromExcluded(SISWA_ROW_COLUMNS)))
    .execute();
}
