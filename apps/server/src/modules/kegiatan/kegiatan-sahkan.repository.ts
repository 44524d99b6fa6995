import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * When an event was ratified (null: a draft; undefined: no such event). Inside a write transaction
 * on PostgreSQL the event's row is share-locked until the commit: a ratification (an UPDATE of
 * that row) waits for every score write that read "not ratified", and a score write arriving
 * during a ratification waits for it and then reads its outcome. Concurrent score writes share the
 * lock and never wait for each other. SQLite runs one write transaction at a time anyway.
 */
export async function lockDisahkanAt(db: Db, idUkt: number): Promise<string | null | undefined> {
  const query = db.selectFrom('ukt').select('disahkan_at').where('id_ukt', '=', idUkt);
  const locked = db.getExecutor().adapter instanceof PostgresAdapter ? query.forShare() : query;
  return (await locked.executeTakeFirst())?.disahkan_at;
}

/** Ratifies an event that is not ratified yet; false when it already was. */
export async function setDisahkan(
  trx: Transaction<Database>,
  idUkt: number,
  at: string,
  idPemilih: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('ukt')
    .set({ disahkan_at: at, disahkan_oleh: idPemilih })
    .where('id_ukt', '=', idUkt)
    .where('disahkan_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Un-ratifies a ratified event; false when it was not ratified. */
export async function clearDisahkan(trx: Transaction<Database>, idUkt: number): Promise<boolean> {
  const result = await trx
    .updateTable('ukt')
    .set({ disahkan_at: null, disahkan_oleh: null })
    .where('id_ukt', '=', idUkt)
    .where('disahkan_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The scores examiners' phones last reported still holding for the event, and how many phones. */
export async function sumTertunda(db: Db, idUkt: number): Promise<{ hp: number; nilai: number }> {
  const row = await db
    .selectFrom('penguji_tertunda')
    .select((eb) => [eb.fn.countAll().as('hp'), eb.fn.sum<number | string | null>('jumlah').as('nilai')])
    .where('id_ukt', '=', idUkt)
    .where('jumlah', '>', 0)
    .executeTakeFirst();
  return { hp: Number(row?.hp ?? 0), nilai: Number(row?.nilai ?? 0) };
}
