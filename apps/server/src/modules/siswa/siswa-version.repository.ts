import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

const KEY = 'siswa_version';

/**
 * The roster version: bumped by every change to who is in an event or how they are named or
 * placed (imports, demo data), so any process can tell whether its cached list pages are stale.
 */
export async function rosterVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value ?? 0;
}

/** Marks the roster changed; call inside the transaction that changes it. */
export async function bumpRosterVersion(db: Db): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: KEY, value: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb('meta.value', '+', 1) })))
    .execute();
}
