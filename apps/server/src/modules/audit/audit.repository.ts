import { AUDIT_PAGE_SIZE, AUDIT_SCORE_FIELDS } from '@ukt/core';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  sql,
  type Transaction,
} from 'kysely';
import type { AuditTable, Database } from '../../db/types';
import { containsPattern, searchForm } from '../../lib/search-form';

// The audit log's one owner (docs/decisions/114). An audit row is what makes a field "scored"
// (docs/decisions/040, 041): every question of that kind is asked here, as a query of audit_log
// or as the sub-query another area's query embeds.

type Db = Kysely<Database> | Transaction<Database>;

/** The filters of the audit page, all optional but the organisation; times as ISO text. */
export interface AuditFilter {
  idOrganisasi: number;
  idUkt?: number | undefined;
  idSiswa?: number | undefined;
  idPemilih?: number | undefined;
  field?: string | undefined;
  dari?: string | undefined;
  sampai?: string | undefined;
  /** A participant's name (part of it) or number; '' for everyone. */
  cari?: string | undefined;
  /** Also the rows that only record a first save's default (nothing → 0 of a field not in AUDIT_SCORE_FIELDS). */
  bawaan?: boolean;
}

function filtered<O>(query: SelectQueryBuilder<Database, 'audit_log' | 'ukt' | 'siswa', O>, f: AuditFilter) {
  let q = query.where('ukt.id_organisasi', '=', f.idOrganisasi);
  if (f.idUkt !== undefined) q = q.where('audit_log.id_ukt', '=', f.idUkt);
  if (f.idSiswa !== undefined) q = q.where('audit_log.id_siswa', '=', f.idSiswa);
  if (f.idPemilih !== undefined) q = q.where('audit_log.id_pemilih', '=', f.idPemilih);
  if (f.field !== undefined) q = q.where('audit_log.field', '=', f.field);
  if (f.dari !== undefined) q = q.where('audit_log.at', '>=', f.dari);
  if (f.sampai !== undefined) q = q.where('audit_log.at', '<=', f.sampai);
  if (f.cari) {
    const like = sql<boolean>`siswa.nama_cari like ${containsPattern(searchForm(f.cari))} escape '\\'`;
    const number = /^\d{1,9}$/.test(f.cari) ? Number(f.cari) : undefined;
    if (f.idUkt !== undefined) q = q.where('siswa.id_ukt', '=', f.idUkt);
    q = q.where((w) => (number === undefined ? like : w.or([like, w('siswa.no_urut', '=', number)])));
  }
  if (!f.bawaan) {
    // Leaves out a first save's defaults: nothing → 0 of a field that holds no component's score.
    q = q.where((eb) =>
      eb.or([
        eb('audit_log.old_value', 'is not', null),
        eb('audit_log.new_value', '!=', 0),
        eb('audit_log.field', 'in', [...AUDIT_SCORE_FIELDS, 'sahkan']),
      ]),
    );
  }
  return q;
}

const ofOrganisasi = (db: Kysely<Database>) =>
  db
    .selectFrom('audit_log')
    .innerJoin('ukt', 'ukt.id_ukt', 'audit_log.id_ukt')
    .leftJoin('siswa', 'siswa.id_siswa', 'audit_log.id_siswa');

/** One page of audit rows, newest first, with the participant's and the examiner's names. */
export function findAuditPage(db: Kysely<Database>, f: AuditFilter, hal: number) {
  return filtered(ofOrganisasi(db), f)
    .leftJoin('penguji', 'penguji.id_pemilih', 'audit_log.id_pemilih')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.id_ukt',
      'audit_log.id_siswa',
      'siswa.nama as siswa',
      'audit_log.id_pemilih',
      'penguji.nama as penguji',
      'audit_log.field',
      'audit_log.id_tingkat',
      'audit_log.old_value',
      'audit_log.new_value',
      'audit_log.reason',
      'audit_log.source',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((hal - 1) * AUDIT_PAGE_SIZE)
    .execute();
}

/** How many audit rows match the filters. */
export async function countAudit(db: Kysely<Database>, f: AuditFilter): Promise<number> {
  const row = await filtered(ofOrganisasi(db), f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A score field at a belt level: where one exam's scores are. */
export interface FieldAt {
  field: string;
  tingkat: number;
}

/** The post flags, in post order. */
const FLAGS = ['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'] as const;

/**
 * Appends rows to the audit log. An audit row is what makes a field "scored", and the event's
 * highest audit id is its scores version (the picker's to-do marks, docs/decisions/076, 118).
 */
export async function insertAudit(db: Db, rows: Insertable<AuditTable>[]): Promise<void> {
  if (!rows.length) return;
  await db.insertInto('audit_log').values(rows).execute();
}

/** The audit rows of an event among some fields: the base of every "was it written" question. */
const writtenOf = (db: Db, idUkt: number, fields: string[]) =>
  db.selectFrom('audit_log').where('audit_log.id_ukt', '=', idUkt).where('audit_log.field', 'in', fields);

/**
 * The score fields written for participants of an event among `fields`, for the given
 * participants or, without `ids`, for everyone in the event.
 */
export function listWrittenFields(db: Db, idUkt: number, fields: string[], ids?: number[]) {
  let q = writtenOf(db, idUkt, fields)
    .select(['audit_log.id_siswa', 'audit_log.field', 'audit_log.id_tingkat'])
    .distinct();
  if (ids) q = q.where('audit_log.id_siswa', 'in', ids.length ? ids : [-1]);
  return q.execute();
}

/** Which of some score fields of one record (participant, event, belt level) were ever written. */
export async function writtenFieldsOf(
  db: Db,
  key: { id_siswa: number; id_ukt: number; id_tingkat: number },
  fields: string[],
): Promise<Set<string>> {
  if (!fields.length) return new Set();
  const rows = await writtenOf(db, key.id_ukt, fields)
    .select('audit_log.field')
    .distinct()
    .where('audit_log.id_siswa', '=', key.id_siswa)
    .where('audit_log.id_tingkat', '=', key.id_tingkat)
    .execute();
  return new Set(rows.map((r) => r.field));
}

/**
 * The participants of an event with a field written at a belt level, as a sub-query for
 * `siswa.id_siswa not in (…)`: a set built once (PostgreSQL: a hashed subplan; SQLite: an
 * ephemeral index), not a probe per participant, whose plan went quadratic on PostgreSQL before
 * it had statistics. audit_log.id_siswa is NOT NULL, so NOT IN means "has no such row".
 */
export function writtenSiswaIds<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  idUkt: number,
  written: FieldAt,
) {
  return (eb as unknown as ExpressionBuilder<Database, never>)
    .selectFrom('audit_log')
    .select('audit_log.id_siswa')
    .where('audit_log.id_ukt', '=', idUkt)
    .where('audit_log.field', '=', written.field)
    .where('audit_log.id_tingkat', '=', written.tingkat);
}

/**
 * True for the query's row of `siswa` when a field was written for it at a belt level in an
 * event: one seek in audit_log_ukt_field (the recap asks it only for a stored 0).
 */
export function isWritten<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  idUkt: number,
  written: FieldAt,
) {
  const own = eb as unknown as ExpressionBuilder<Database, 'siswa'>;
  return own.exists(
    own
      .selectFrom('audit_log')
      .select(sql.lit(1).as('one'))
      .where('audit_log.id_ukt', '=', idUkt)
      .where('audit_log.field', '=', written.field)
      .whereRef('audit_log.id_siswa', '=', 'siswa.id_siswa')
      .where('audit_log.id_tingkat', '=', written.tingkat),
  );
}

/**
 * An event's scores version as a scalar sub-query: its highest audit row id (an audit row is what
 * a score write adds, docs/decisions/118), one seek in audit_log_ukt_id; null before any.
 */
export function auditVersionOf(eb: ExpressionBuilder<Database, never>, idUkt: number) {
  return eb
    .selectFrom('audit_log')
    .select((e) => e.fn.max('audit_log.id').as('versi'))
    .where('audit_log.id_ukt', '=', idUkt);
}

/**
 * PostgreSQL: the written (participant, field, belt level) triples of some participants among
 * `fields`, as one JSON array of [id_siswa, field, id_tingkat], a scalar sub-query (null: none).
 * Each participant is looked up on its own (a lateral join on the page's ids), so the plan stays
 * an index probe per participant whatever the statistics say: with `id_siswa = any(…)` a generic
 * plan made while the audit log was small read every audit row of the event on each request
 * (docs/decisions/119).
 */
export function writtenJsonOf(idUkt: number, fields: string[], ids: number[]) {
  return sql<
    [number, string, number][] | null
  >`(select json_agg(json_build_array(p.id, w.field, w.id_tingkat))
    from unnest(${ids}::integer[]) as p(id)
    cross join lateral (
      select distinct audit_log.field, audit_log.id_tingkat from audit_log
      where audit_log.id_siswa = p.id and audit_log.id_ukt = ${idUkt} and audit_log.field = any(${fields})
    ) as w)`;
}

// The progress page's scored counts (DESIGN §10): withdrawn participants count nowhere. The
// fields are matched loosely (IN), every belt level: the caller keeps the exact (field, level)
// pairs of its exams, so these queries need nothing from the event and are read in one statement
// with it (docs/decisions/117, 119).

/**
 * Per examiner, field and belt level, from their own app writes (corrections and imports by the
 * committee are not examining): how many participants not withdrawn they scored, and when they
 * last wrote one (withdrawn ones included).
 */
export function dinilaiPerPengujiQuery(db: Kysely<Database>, idUkt: number, fields: string[]) {
  return db
    .selectFrom('audit_log')
    .innerJoin('siswa', 'siswa.id_siswa', 'audit_log.id_siswa')
    .select((eb) => [
      'audit_log.id_pemilih',
      'audit_log.field',
      'audit_log.id_tingkat',
      eb.fn
        .count<number | string>(
          eb.case().when('siswa.mundur', '=', 0).then(eb.ref('audit_log.id_siswa')).end(),
        )
        .distinct()
        .as('n'),
      eb.fn.max('audit_log.at').as('at'),
    ])
    .where('audit_log.id_ukt', '=', idUkt)
    .where('audit_log.source', '=', 'aplikasi')
    .where('audit_log.field', 'in', fields)
    .groupBy(['audit_log.field', 'audit_log.id_tingkat', 'audit_log.id_pemilih']);
}

/**
 * Per participant not withdrawn, score field and belt level among `fields`: when its first score
 * was written, and who holds the participant at each post now (the scored-and-taken counts are
 * made from these). One row per scored pair, so tens of thousands for a large event: read as
 * rows, not folded into JSON (folding them cost more than the rest of the page).
 */
export function firstScoredQuery(db: Kysely<Database>, idUkt: number, fields: string[]) {
  return db
    .selectFrom('audit_log')
    .innerJoin('siswa', 'siswa.id_siswa', 'audit_log.id_siswa')
    .select((eb) => [
      'audit_log.id_siswa',
      'audit_log.field',
      'audit_log.id_tingkat',
      eb.fn.min('audit_log.at').as('at'),
      ...FLAGS.map((f) => eb.fn.max(`siswa.${f}`).as(f)),
    ])
    .where('audit_log.id_ukt', '=', idUkt)
    .where('audit_log.field', 'in', fields)
    .where('siswa.mundur', '=', 0)
    .groupBy(['audit_log.id_siswa', 'audit_log.field', 'audit_log.id_tingkat']);
}

/** The newest ratification row of an event (field 'sahkan', no participant): 1 ratified, 0 withdrawn. */
export function lastSahkanAudit(db: Kysely<Database>, idUkt: number) {
  return db
    .selectFrom('audit_log')
    .select(['new_value', 'reason'])
    .where('id_ukt', '=', idUkt)
    .where('id_siswa', '=', 0)
    .where('field', '=', 'sahkan')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
