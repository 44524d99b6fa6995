import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from './types';

type Db = Kysely<Database> | Transaction<Database>;

// Versions of what a list page shows, kept in the table `meta` so every process sees a change:
// the roster (who is in an event, their names and regions: imports, demo data) and, per event,
// the post flags (who took whom) and the scores written (the picker's to-do marks, decision
// 076). Writers of several areas bump them, so they sit under the areas (docs/decisions/015,
// 114); the list reads them in kegiatan's version tag.

/** The meta key of the roster version. */
export const ROSTER_VERSION_KEY = 'siswa_version';
/** The meta key of an event's post-flags version. */
export const flagsVersionKey = (idUkt: number) => `flags:${idUkt}`;
/** The meta key of an event's scores version. */
export const nilaiVersionKey = (idUkt: number) => `nilai:${idUkt}`;

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

/** Marks an event's post flags changed; call inside the transaction that changes them. */
export function bumpFlagsVersion(db: Db, idUkt: number): Promise<void> {
  return bump(db, flagsVersionKey(idUkt));
}

/** Marks an event's scores changed (a score field written); call inside the transaction that writes it. */
export function bumpNilaiVersion(db: Db, idUkt: number): Promise<void> {
  return bump(db, nilaiVersionKey(idUkt));
}

/** A version as a scalar sub-query of another query (null while never bumped). */
export function versionOf(eb: ExpressionBuilder<Database, 'ukt'>, key: string) {
  return eb.selectFrom('meta').select('meta.value').where('meta.key', '=', key);
}
