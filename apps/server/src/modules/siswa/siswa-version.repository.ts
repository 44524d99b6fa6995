import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

// Versions of what a list page shows, kept in the database so every process sees a change:
// the roster (who is in an event, their names and regions: imports, demo data) and, per event,
// the post flags (who took whom). See docs/decisions/015-participant-list-speed.md.

const ROSTER = 'siswa_version';
const flagsKey = (idUkt: number) => `flags:${idUkt}`;

/** The roster version and an event's flags version, as a cache tag. */
export async function listVersionTag(db: Db, idUkt: number): Promise<{ roster: string; rows: string }> {
  const rows = await db
    .selectFrom('meta')
    .select(['key', 'value'])
    .where('key', 'in', [ROSTER, flagsKey(idUkt)])
    .execute();
  const roster = String(rows.find((r) => r.key === ROSTER)?.value ?? 0);
  const flags = String(rows.find((r) => r.key !== ROSTER)?.value ?? 0);
  return { roster, rows: `${roster}.${flags}` };
}

async function bump(db: Db, key: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key, value: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb('meta.value', '+', 1) })))
    .execute();
}

/** Marks the roster changed; call inside the transaction that changes it. */
export function bumpRosterVersion(db: Db): Promise<void> {
  return bump(db, ROSTER);
}

/** Marks an event's post flags changed; call inside the transaction that changes them. */
export function bumpFlagsVersion(db: Db, idUkt: number): Promise<void> {
  return bump(db, flagsKey(idUkt));
}
