import type { Penugasan } from '@ukt/core';
import { type ExpressionBuilder, type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

// Examiner assignment (docs/decisions/109): one row per examiner, event and post; pos 0 stands
// for every post of the event.

type Db = Kysely<Database> | Transaction<Database>;

/** The posts of one assignment: [] for every post, else the posts 1–4 in order. */
export type PosList = number[];

/** What the rows of one examiner and event say: 0 among them means every post. */
const postsOf = (pos: number[]): PosList => (pos.includes(0) ? [] : [...new Set(pos)].sort((a, b) => a - b));

/** Each examiner's assignments: event id → posts (an examiner with none is missing from the map). */
export async function tugasOf(db: Db, ids: number[]): Promise<Map<number, Map<number, PosList>>> {
  const out = new Map<number, Map<number, PosList>>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('penugasan')
    .select(['id_pemilih', 'id_ukt', 'pos'])
    .where('id_pemilih', 'in', ids)
    .orderBy('id_ukt')
    .execute();
  const raw = new Map<number, Map<number, number[]>>();
  for (const r of rows) {
    const events = raw.get(r.id_pemilih) ?? new Map<number, number[]>();
    events.set(r.id_ukt, [...(events.get(r.id_ukt) ?? []), r.pos]);
    raw.set(r.id_pemilih, events);
  }
  for (const [id, events] of raw)
    out.set(id, new Map([...events].map(([idUkt, pos]) => [idUkt, postsOf(pos)] as const)));
  return out;
}

/** Replaces an examiner's whole assignment (an empty list: none, so every event again). */
export async function replaceTugas(
  trx: Transaction<Database>,
  idPemilih: number,
  tugas: { id_ukt: number; pos: number[] }[],
): Promise<void> {
  await trx.deleteFrom('penugasan').where('id_pemilih', '=', idPemilih).execute();
  const rows = tugas.flatMap((t) =>
    (t.pos.length ? [...new Set(t.pos)] : [0]).map((pos) => ({
      id_ukt: t.id_ukt,
      id_pemilih: idPemilih,
      pos,
    })),
  );
  if (rows.length) await trx.insertInto('penugasan').values(rows).execute();
}

/** True for the query's row of `penguji` when that examiner is assigned to the event. */
export function isAssigned(eb: ExpressionBuilder<Database, 'penguji'>, idUkt: number) {
  return eb.exists(
    eb
      .selectFrom('penugasan')
      .select('penugasan.id_ukt')
      .whereRef('penugasan.id_pemilih', '=', 'penguji.id_pemilih')
      .where('penugasan.id_ukt', '=', idUkt),
  );
}

/**
 * An examiner's assignments as one JSON column of a query of their `penguji` row — the session's
 * look-up, so a request knows them without a statement of its own (docs/decisions/125): an array
 * of [id_ukt, pos, id_tingkat, nama_ukt] per row. Read it with `tugasOfColumn`.
 */
export function tugasColumn(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'penguji'>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const row = sql`${sql.raw(pg ? 'json_build_array' : 'json_array')}(penugasan.id_ukt, penugasan.pos, ukt.id_tingkat, ukt.nama_ukt)`;
  return eb
    .selectFrom('penugasan')
    .leftJoin('ukt', 'ukt.id_ukt', 'penugasan.id_ukt')
    .select(sql<unknown>`${sql.raw(pg ? 'json_agg' : 'json_group_array')}(${row})`.as('tugas'))
    .whereRef('penugasan.id_pemilih', '=', 'penguji.id_pemilih');
}

/** The assignments `tugasColumn` read (PostgreSQL answers JSON, SQLite its text), or null when there are none. */
export function tugasOfColumn(value: unknown): Penugasan[] | null {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as
    | [number, number, number | null, string | null][]
    | null;
  if (!rows?.length) return null;
  const byEvent = new Map<number, { nama: string | null; tingkat: number | null; pos: number[] }>();
  for (const [idUkt, pos, idTingkat, nama] of rows) {
    const event = byEvent.get(idUkt) ?? { nama, tingkat: idTingkat, pos: [] };
    event.pos.push(pos);
    byEvent.set(idUkt, event);
  }
  return [...byEvent]
    .sort(([a], [b]) => a - b)
    .map(([idUkt, event]) => ({
      id_ukt: idUkt,
      // An event is never deleted; should one go, its assignment still holds, under its number.
      nama_ukt: event.nama ?? `nomor ${idUkt}`,
      id_tingkat: event.tingkat ?? 0,
      pos: postsOf(event.pos),
    }));
}
