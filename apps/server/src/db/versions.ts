import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from './types';

type Db = Kysely<Database> | Transaction<Database>;

// The roster version, kept in the table `meta` so every process sees a change: who is in an
// event, their names and regions (imports, the console, demo data). Writers of several areas bump
// it, so it sits under the areas (docs/decisions/015, 115). Rare writes: no writer of the exam day
// locks this row. An event's flags and scores versions are derived from the rows the takes and
// score writes touch instead (docs/decisions/118).

/** The meta key of the roster version. */
export const ROSTER_VERSION_KEY = 'siswa_version';

async function bump(db: Db, key: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key, value: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb('meta.value', '+', 1) })))
    .execute();
}

/** Marks the roster changed; call inside the transaction that changes it. */
export function bumpRosterVersion(db: Db): Promise<void> {
  return bump(db, ROSTER_VERSION_KEY);
}

/** A version as a scalar sub-query of another query (null while never bumped). */
export function versionOf(eb: ExpressionBuilder<Database, never>, key: string) {
  return eb.selectFrom('meta').select('meta.value').where('meta.key', '=', key);
}
