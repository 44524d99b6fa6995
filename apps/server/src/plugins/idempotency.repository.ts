import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** Reserves a key for its first request; false when the examiner used it before. */
export async function reserveKey(
  db: Kysely<Database>,
  owner: number,
  key: string,
  hash: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency')
    .values({
      id_pemilih: owner,
      key,
      request_hash: hash,
      status_code: null,
      response: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['id_pemilih', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored state of a key. */
export function findKey(db: Kysely<Database>, owner: number, key: string) {
  return db
    .selectFrom('idempotency')
    .selectAll()
    .where('id_pemilih', '=', owner)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Takes over a key whose first request died; only one retry can win. */
export async function claimStale(
  db: Kysely<Database>,
  owner: number,
  key: string,
  seen: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency')
    .set({ created_at: now })
    .where('id_pemilih', '=', owner)
    .where('key', '=', key)
    .where('created_at', '=', seen)
    .where('status_code', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the first answer of a key. */
export async function saveAnswer(
  db: Kysely<Database>,
  owner: number,
  key: string,
  status: number,
  response: string,
): Promise<void> {
  await db
    .updateTable('idempotency')
    .set({ status_code: status, response })
    .where('id_pemilih', '=', owner)
    .where('key', '=', key)
    .execute();
}

/** Drops a key so a retry runs again. */
export async function forgetKey(db: Kysely<Database>, owner: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency').where('id_pemilih', '=', owner).where('key', '=', key).execute();
}

/** Drops keys older than a cut-off (kept 24 h). */
export async function pruneKeys(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('idempotency').where('created_at', '<', before).execute();
}

/**
 * Keeps a key with its answer in the transaction of the work it answers (an inline route,
 * docs/decisions/116); a key taken over from a first request that died is overwritten.
 */
export async function keepAnswer(
  trx: Kysely<Database>,
  owner: number,
  key: string,
  hash: string,
  status: number,
  response: string,
  now: number,
): Promise<void> {
  const row = { id_pemilih: owner, key, request_hash: hash, status_code: status, response, created_at: now };
  await trx
    .insertInto('idempotency')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['id_pemilih', 'key'])
        .doUpdateSet({ request_hash: hash, status_code: status, response, created_at: now }),
    )
    .execute();
}
