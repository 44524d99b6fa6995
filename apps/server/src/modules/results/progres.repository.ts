import { SISWA_PAGE_SIZE } from '@ukt/core';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/types';

// The progress page's counts (DESIGN §10), each one set-based statement over an event. "Scored" means an audit row exists for the participant, event, belt level and field
// (docs/decisions/040, 041); withdrawn participants count nowhere.

/** A score field at a belt level: where one exam's scores are. */
export interface FieldAt {
  field: string;
  tingkat: number;
}

/** The post flags, in post order. */
const FLAGS = ['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'] as const;
type Flag = (typeof FLAGS)[number];

/** An exam's scores: its field at its belt level, and the post a participant is taken at for it. */
export interface ExamAt extends FieldAt {
  pos: Flag;
}

/** Participants not withdrawn, and how many of them are taken at each post. */
export async function countPesertaPos(db: Kysely<Database>, idUkt: number) {
  const row = await db
    .selectFrom('siswa')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      ...FLAGS.map((f) => eb.fn.count<number | string>(`siswa.${f}`).as(f)),
    ])
    .where('siswa.id_ukt', '=', idUkt)
    .where('siswa.mundur', '=', 0)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    taken: Object.fromEntries(FLAGS.map((f) => [f, Number(row[f])])) as Record<Flag, number>,
  };
}

/**
 * Per score field and belt level among `fields` (matched loosely, IN and IN, so that the index is
 * sought per field; the caller keeps the exact pairs): how many participants not withdrawn were
 * scored, and how many of those are taken at each post. The written (participant, field, level)
 * set is made once from the index and then joined to the participants by key, a plan that stays
 * linear even before PostgreSQL has statistics (a probe per participant did not: docs/decisions/041).
 */
export async function countDinilai(db: Kysely<Database>, idUkt: number, fields: FieldAt[]) {
  const written = db
    .selectFrom('audit_log')
    .select(['audit_log.id_siswa', 'audit_log.field', 'audit_log.id_tingkat'])
    .distinct()
    .where('audit_log.id_ukt', '=', idUkt)
    .where('audit_log.field', 'in', [...new Set(fields.map((f) => f.field))])
    .where('audit_log.id_tingkat', 'in', [...new Set(fields.map((f) => f.tingkat))]);
  const rows = await db
    .selectFrom(written.as('w'))
    .innerJoin('siswa', 'siswa.id_siswa', 'w.id_siswa')
    .select((eb) => [
      'w.field',
      'w.id_tingkat',
      eb.fn.countAll<number | string>().as('dinilai'),
      ...FLAGS.map((f) => eb.fn.count<number | string>(`siswa.${f}`).as(f)),
    ])
    .where('siswa.mundur', '=', 0)
    .groupBy(['w.field', 'w.id_tingkat'])
    .execute();
  return rows.map((r) => ({
    field: r.field,
    tingkat: Number(r.id_tingkat),
    dinilai: Number(r.dinilai),
    taken: Object.fromEntries(FLAGS.map((f) => [f, Number(r[f])])) as Record<Flag, number>,
  }));
}

/** Per examiner: how many (participant, post) takes they hold among participants not withdrawn. */
export async function countDiambilPerPenguji(db: Kysely<Database>, idUkt: number) {
  const [first, ...rest] = FLAGS.map((f) =>
    db
      .selectFrom('siswa')
      .select((eb) => [sql<number>`${sql.ref(`siswa.${f}`)}`.as('id_pemilih'), eb.fn.countAll().as('n')])
      .where('siswa.id_ukt', '=', idUkt)
      .where('siswa.mundur', '=', 0)
      .where(`siswa.${f}`, 'is not', null)
      .groupBy(`siswa.${f}`),
  );
  const all = rest.reduce((union, next) => union.unionAll(next), first as NonNullable<typeof first>);
  const counts = new Map<number, number>();
  for (const r of await all.execute()) {
    const id = Number(r.id_pemilih);
    counts.set(id, (counts.get(id) ?? 0) + Number(r.n));
  }
  return counts;
}

/**
 * Per examiner, field and belt level, from their own app writes (corrections and imports by the
 * committee are not examining): how many participants they scored and when they last did. The
 * fields and levels are matched loosely (IN, IN) so that the index is sought per field; the caller
 * keeps the exact pairs. `mundur` counts the withdrawn participants among them, to be taken off.
 */
export async function countDinilaiPerPenguji(db: Kysely<Database>, idUkt: number, fields: FieldAt[]) {
  const names = [...new Set(fields.map((f) => f.field))];
  const levels = [...new Set(fields.map((f) => f.tingkat))];
  const ofExams = <O>(q: SelectQueryBuilder<Database, 'audit_log', O>) =>
    q
      .where('audit_log.id_ukt', '=', idUkt)
      .where('audit_log.source', '=', 'aplikasi')
      .where('audit_log.field', 'in', names)
      .where('audit_log.id_tingkat', 'in', levels)
      .groupBy(['audit_log.field', 'audit_log.id_tingkat', 'audit_log.id_pemilih']);
  const written = await ofExams(
    db
      .selectFrom('audit_log')
      .select((eb) => [
        'audit_log.id_pemilih',
        'audit_log.field',
        'audit_log.id_tingkat',
        eb.fn.count<number | string>('audit_log.id_siswa').distinct().as('n'),
        eb.fn.max('audit_log.at').as('at'),
      ]),
  ).execute();
  // Withdrawn participants are few (usually none): found first, then their rows by participant.
  const withdrawn = await db
    .selectFrom('siswa')
    .select('siswa.id_siswa')
    .where('siswa.id_ukt', '=', idUkt)
    .where('siswa.mundur', '=', 1)
    .execute();
  const mundur = withdrawn.length
    ? await ofExams(
        db
          .selectFrom('audit_log')
          .select((eb) => [
            'audit_log.id_pemilih',
            'audit_log.field',
            'audit_log.id_tingkat',
            eb.fn.count<number | string>('audit_log.id_siswa').distinct().as('n'),
          ])
          .where(
            'audit_log.id_siswa',
            'in',
            withdrawn.map((r) => r.id_siswa),
          ),
      ).execute()
    : [];
  const key = (r: { id_pemilih: number; field: string; id_tingkat: number }) =>
    `${r.id_pemilih} ${r.field} ${r.id_tingkat}`;
  const out = new Map(mundur.map((r) => [key(r), Number(r.n)]));
  return written.map((r) => ({
    id_pemilih: Number(r.id_pemilih),
    field: r.field,
    tingkat: Number(r.id_tingkat),
    dinilai: Number(r.n) - (out.get(key(r)) ?? 0),
    at: r.at as string,
  }));
}

/** The outbox reports of the given examiners and of every examiner whose report named the event. */
export function listTertunda(db: Kysely<Database>, idUkt: number, idPemilih: number[]) {
  return db
    .selectFrom('penguji_tertunda')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('penguji_tertunda.id_ukt', '=', idUkt),
        eb('penguji_tertunda.id_pemilih', 'in', idPemilih.length ? idPemilih : [-1]),
      ]),
    )
    .execute();
}

/** The filters of a "who still lacks this exam" page. */
export interface BelumFilter {
  idUkt: number;
  written: FieldAt;
  pos: Flag;
  id_perwapus?: number | undefined;
  id_cabang?: number | undefined;
  id_ranting?: number | undefined;
  id_rayon?: number | undefined;
}

function belum<O>(query: SelectQueryBuilder<Database, 'siswa', O>, f: BelumFilter) {
  let q = query.where('siswa.id_ukt', '=', f.idUkt).where('siswa.mundur', '=', 0);
  if (f.id_perwapus !== undefined) q = q.where('siswa.id_perwapus', '=', f.id_perwapus);
  if (f.id_cabang !== undefined) q = q.where('siswa.id_cabang', '=', f.id_cabang);
  if (f.id_ranting !== undefined) q = q.where('siswa.id_ranting', '=', f.id_ranting);
  if (f.id_rayon !== undefined) q = q.where('siswa.id_rayon', '=', f.id_rayon);
  // NOT IN a set built once (PostgreSQL: a hashed subplan; SQLite: an ephemeral index), not a probe
  // per participant, whose plan went quadratic on PostgreSQL before it had statistics.
  // audit_log.id_siswa is NOT NULL, so NOT IN means "has no such row".
  return q.where('siswa.id_siswa', 'not in', (eb) =>
    eb
      .selectFrom('audit_log')
      .select('audit_log.id_siswa')
      .where('audit_log.id_ukt', '=', f.idUkt)
      .where('audit_log.field', '=', f.written.field)
      .where('audit_log.id_tingkat', '=', f.written.tingkat),
  );
}

/** One page (by no_urut) of the participants lacking an exam, with who holds them at its post. */
export function findBelumPage(db: Kysely<Database>, f: BelumFilter, hal: number) {
  return belum(db.selectFrom('siswa'), f)
    .innerJoin('ranting', 'ranting.id', 'siswa.id_ranting')
    .innerJoin('rayon', 'rayon.id', 'siswa.id_rayon')
    .leftJoin('penguji', 'penguji.id_pemilih', `siswa.${f.pos}`)
    .select([
      'siswa.id_siswa',
      'siswa.no_urut',
      'siswa.nama',
      'ranting.nama as ranting',
      'rayon.nama as rayon',
      `siswa.${f.pos} as holder`,
      'penguji.nama as holder_nama',
    ])
    .orderBy('siswa.no_urut')
    .limit(SISWA_PAGE_SIZE)
    .offset((hal - 1) * SISWA_PAGE_SIZE)
    .execute();
}

/** How many participants lack the exam under the filters. */
export async function countBelum(db: Kysely<Database>, f: BelumFilter): Promise<number> {
  const row = await belum(db.selectFrom('siswa'), f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Per participant not withdrawn, score field and belt level among `fields` (matched loosely, the
 * caller keeps the exact pairs): when its first score was written. One row per scored pair, so a
 * few thousand for a large event; the complete counts and the chart are made from them.
 */
export function listFirstScored(db: Kysely<Database>, idUkt: number, fields: FieldAt[]) {
  return db
    .selectFrom('audit_log')
    .innerJoin('siswa', 'siswa.id_siswa', 'audit_log.id_siswa')
    .select((eb) => [
      'audit_log.id_siswa',
      'audit_log.field',
      'audit_log.id_tingkat',
      eb.fn.min('audit_log.at').as('at'),
    ])
    .where('audit_log.id_ukt', '=', idUkt)
    .where('audit_log.field', 'in', [...new Set(fields.map((f) => f.field))])
    .where('audit_log.id_tingkat', 'in', [...new Set(fields.map((f) => f.tingkat))])
    .where('siswa.mundur', '=', 0)
    .groupBy(['audit_log.id_siswa', 'audit_log.field', 'audit_log.id_tingkat'])
    .execute();
}
