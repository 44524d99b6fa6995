import type { Kysely, Transaction } from 'kysely';
import { readUnlessCommitted } from '../../db/data-version';
import { prepare, preparedOf } from '../../db/prepared';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

// Versions of what a list page shows, kept in the database so every process sees a change:
// the roster (who is in an event, their names and regions: imports, demo data) and, per event,
// the post flags (who took whom), and per event the scores written (the picker's to-do marks,
// decision 076). See docs/decisions/015-participant-list-speed.md.

const ROSTER = 'siswa_version';
const flagsKey = (idUkt: number) => `flags:${idUkt}`;
const nilaiKey = (idUkt: number) => `nilai:${idUkt}`;

/** The versions a list answer is tagged with, and the event's belt level. */
export interface ListVersionTag {
  /** Who is in the event and where: page membership. */
  roster: string;
  /** Everything a page shows: roster, flags and scores. */
  rows: string;
  /** Page membership of a 'Belum dinilai' list: roster and scores. */
  belum: string;
  tingkat: number;
}

/**
 * The roster version and an event's flags and scores versions as cache tags, with its belt level,
 * or null when the event is not the organisation's: one statement, since the list asks it on every
 * request.
 */
export async function listVersionTag(
  db: Kysely<Database>,
  idOrganisasi: number,
  idUkt: number,
): Promise<ListVersionTag | null> {
  const query = preparedOf(db, 'list-version-tag', () =>
    prepare(
      db,
      (flags: string, nilai: string, ukt: number, organisasi: number) =>
        db
          .selectFrom('ukt')
          .select((eb) => [
            'ukt.id_tingkat',
            eb.selectFrom('meta').select('value').where('key', '=', ROSTER).as('roster'),
            eb.selectFrom('meta').select('value').where('key', '=', flags).as('flags'),
            eb.selectFrom('meta').select('value').where('key', '=', nilai).as('nilai'),
          ])
          .where('id_ukt', '=', ukt)
          .where('id_organisasi', '=', organisasi),
      4,
    ),
  );
  // On SQLite answered from memory until the next commit anywhere (docs/decisions/047).
  const row = await readUnlessCommitted(
    db,
    `list-version-tag:${idOrganisasi}:${idUkt}`,
    async () => (await query(flagsKey(idUkt), nilaiKey(idUkt), idUkt, idOrganisasi))[0],
  );
  if (!row) return null;
  const roster = String(row.roster ?? 0);
  const nilai = String(row.nilai ?? 0);
  return {
    roster,
    rows: `${roster}.${row.flags ?? 0}.${nilai}`,
    belum: `${roster}.${nilai}`,
    tingkat: Number(row.id_tingkat),
  };
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

/** Marks an event's scores changed (a score field written); call inside the transaction that writes it. */
export function bumpNilaiVersion(db: Db, idUkt: number): Promise<void> {
  return bump(db, nilaiKey(idUkt));
}
