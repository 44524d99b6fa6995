import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
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

/** One examiner's assignments (event id → posts), or null when they have none: every event is theirs. */
export async function tugasOfPenguji(db: Db, idPemilih: number): Promise<Map<number, PosList> | null> {
  return (await tugasOf(db, [idPemilih])).get(idPemilih) ?? null;
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
