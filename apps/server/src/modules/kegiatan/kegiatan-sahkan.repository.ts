import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * When an event was ratified (null: a draft; undefined: no such event). Inside a write transaction
 * on PostgreSQL the event's row is locked until the commit. Shared (the default): a ratification (an UPDATE of
 * that row) waits for every score write that read "not ratified", and a score write arriving
 * during a ratification waits for it and then reads its outcome. Concurrent score writes share the
 * lock and never wait for each other. 'update' (certificates being issued): two piagam downloads at
 * once issue numbers one after the other, and an un-ratification waits for an issue in progress.
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockDisahkanAt(
  db: Db,
  idUkt: number,
  mode: 'share' | 'update' = 'share',
): Promise<string | null | undefined> {
  const query = db.selectFrom('ukt').select('disahkan_at').where('id_ukt', '=', idUkt);
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const locked = !pg ? query : mode === 'share' ? query.forShare() : query.forUpdate();
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
