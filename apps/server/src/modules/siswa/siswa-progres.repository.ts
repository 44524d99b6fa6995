import { SISWA_PAGE_SIZE } from '@ukt/core';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { type FieldAt, writtenSiswaIds } from '../audit/audit.repository';

// The participants' side of the progress page (DESIGN §10), each one set-based statement over an
// event; withdrawn participants count nowhere. Whether a field was scored is audit's question
// (docs/decisions/040, 041, 114).

type Db = Kysely<Database> | Transaction<Database>;

/** The post flags, in post order. */
export const POST_FLAGS = ['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'] as const;
/** A post flag: who holds a participant at a post. */
export type PostFlagColumn = (typeof POST_FLAGS)[number];

/** An exam's scores: its field at its belt level, and the post a participant is taken at for it. */
export interface ExamAt extends FieldAt {
  pos: PostFlagColumn;
}

/**
 * Participants not withdrawn, counted per combination of who holds them at each post: few rows
 * (most participants are held by no one or by one examiner per post), from which the progress
 * page makes both the takes per post and the takes per examiner.
 */
export function postHoldersQuery(db: Kysely<Database>, idUkt: number) {
  return db
    .selectFrom('siswa')
    .select((eb) => [...POST_FLAGS.map((f) => `siswa.${f}` as const), eb.fn.countAll<number>().as('n')])
    .where('siswa.id_ukt', '=', idUkt)
    .where('siswa.mundur', '=', 0)
    .groupBy(POST_FLAGS.map((f) => `siswa.${f}` as const));
}

/** One row of postHoldersQuery: the holders at the four posts and how many participants. */
export type PostHolders = Record<PostFlagColumn, number | null> & { n: number | string };

/** Participants not withdrawn, and how many of them are taken at each post. */
export function pesertaPosOf(rows: PostHolders[]) {
  const taken = Object.fromEntries(POST_FLAGS.map((f) => [f, 0])) as Record<PostFlagColumn, number>;
  let total = 0;
  for (const r of rows) {
    total += Number(r.n);
    for (const f of POST_FLAGS) if (r[f] !== null) taken[f] += Number(r.n);
  }
  return { total, taken };
}

/** Per examiner: how many (participant, post) takes they hold among participants not withdrawn. */
export function diambilPerPengujiOf(rows: PostHolders[]) {
  const counts = new Map<number, number>();
  for (const r of rows) {
    for (const f of POST_FLAGS) {
      const id = r[f];
      if (id !== null) counts.set(Number(id), (counts.get(Number(id)) ?? 0) + Number(r.n));
    }
  }
  return counts;
}

/** The filters of a "who still lacks this exam" page. */
export interface BelumFilter {
  idUkt: number;
  written: FieldAt;
  pos: PostFlagColumn;
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
  return q.where('siswa.id_siswa', 'not in', (eb) => writtenSiswaIds(eb, f.idUkt, f.written));
}

/** One page (by no_urut) of the participants lacking an exam, with who holds them at its post. */
export function findBelumPage(db: Db, f: BelumFilter, hal: number) {
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
export async function countBelum(db: Db, f: BelumFilter): Promise<number> {
  const row = await belum(db.selectFrom('siswa'), f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
