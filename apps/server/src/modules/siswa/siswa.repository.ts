import type { PostFlag } from '@ukt/core';
import { SISWA_PAGE_SIZE } from '@ukt/core';
import {
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database, SiswaTable } from '../../db/types';
import { bumpFlagsVersion } from './siswa-version.repository';

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

/** Lower-cases and single-spaces a name, the form names are searched in. */
export function searchForm(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
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
    // NOT IN a set built once from audit_log_ukt_field, as the progress page's lists do
    // (results/progres.repository.ts); audit_log.id_siswa is NOT NULL.
    q = q.where('siswa.id_siswa', 'not in', (eb) =>
      eb
        .selectFrom('audit_log')
        .select('audit_log.id_siswa')
        .where('audit_log.id_ukt', '=', f.id_ukt)
        .where('audit_log.field', '=', belum.field)
        .where('audit_log.id_tingkat', '=', belum.tingkat),
    );
  }
  if (f.cari) {
    const like = sql<boolean>`siswa.nama_cari like ${`%${escapeLike(f.cari)}%`} escape '\\'`;
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
 * Participants by id with their region names, by no_urut: what a list page shows that changes
 * only with the roster (kept with the page, docs/decisions/015).
 */
export function findSiswaRows(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('siswa')
    .innerJoin('cabang', 'cabang.id', 'siswa.id_cabang')
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .select([
      'siswa.id_siswa',
      'siswa.no_urut',
      'siswa.nama',
      'siswa.provinsi',
      'cabang.nama as cabang',
      'ranting.nama as nama_ranting',
      'rayon.nama as nama_rayon',
    ])
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
 * The score fields written (an audit row exists) for participants of an event among `fields`,
 * for the given participants or, without `ids`, for everyone in the event.
 */
export function listWrittenFields(db: Kysely<Database>, idUkt: number, fields: string[], ids?: number[]) {
  let q = db
    .selectFrom('audit_log')
    .select(['audit_log.id_siswa', 'audit_log.field', 'audit_log.id_tingkat'])
    .distinct()
    .where('audit_log.id_ukt', '=', idUkt)
    .where('audit_log.field', 'in', fields);
  if (ids) q = q.where('audit_log.id_siswa', 'in', ids.length ? ids : [-1]);
  return q.execute();
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

/** Regions of one level by id: their names and parents. */
export function findRegionsById(
  db: Kysely<Database>,
  level: 'perwapus' | 'cabang' | 'ranting' | 'rayon',
  ids: number[],
) {
  return db
    .selectFrom(level)
    .select(['id', 'nama', 'id_parent'])
    .where('id', 'in', ids.length ? ids : [-1])
    .orderBy('nama')
    .execute();
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
    .set({ [column]: idPemilih })
    .where('id_siswa', '=', idSiswa)
    .where('id_ukt', '=', idUkt)
    .where('mundur', '=', 0)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '=', idPemilih)]))
    .executeTakeFirst();
  const taken = Number(result.numUpdatedRows) === 1;
  if (taken) await bumpFlagsVersion(trx, idUkt);
  return taken;
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
