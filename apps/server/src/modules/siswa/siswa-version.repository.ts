import type { Kysely, Transaction } from 'kysely';
import { prepare, preparedOf } from '../../db/prepared';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

// Versions of what a list page shows, kept in the database so every process sees a change:
// the roster (who is in an event, their names and regions: imports, demo data) and, per event,
// the post flags (who took whom). See docs/decisions/015-participant-list-speed.md.

const ROSTER = 'siswa_version';
const flagsKey = (idUkt: number) => `flags:${idUkt}`;

/**
 * The roster version and an event's flags version as cache tags, or null when the event is not
 * the organisation's: one statement, since the list asks it on every request.
 */
export async function listVersionTag(
  db: Kysely<Database>,
  idOrganisasi: number,
  idUkt: number,
): Promise<{ roster: string; rows: string } | null> {
  const query = preparedOf(db, 'list-version-tag', () =>
    prepare(
      db,
      (flags: string, ukt: number, organisasi: number) =>
        db
          .selectFrom('ukt')
          .select((eb) => [
            eb.selectFrom('meta').select('value').where('key', '=', ROSTER).as('roster'),
            eb.selectFrom('meta').select('value').where('key', '=', flags).as('flags'),
          ])
          .where('id_ukt', '=', ukt)
          .where('id_organisasi', '=', organisasi),
      3,
    ),
  );
  const row = (await query(flagsKey(idUkt), idUkt, idOrganisasi))[0];
  if (!row) return null;
  const roster = String(row.roster ?? 0);
  return { roster, rows: `${roster}.${row.flags ?? 0}` };
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
