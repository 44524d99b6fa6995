import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { readUnlessCommitted } from '../../db/data-version';
import { prepare, preparedOf } from '../../db/prepared';
import type { Database } from '../../db/types';
import { ROSTER_VERSION_KEY, versionOf } from '../../db/versions';
import { auditVersionOf, writtenJsonOf } from '../audit/audit.repository';
import { tingkatOfKegiatan } from '../kegiatan/kegiatan.repository';

// What the participant list asks on every request (docs/decisions/015, 118): the versions its
// cached answers are tagged with. None of them is a row writers lock: the roster's is a `meta`
// row only imports and the console move; an event's flags version is its participants' highest
// `versi` (every take sets a fresh one); its scores version its highest audit row id.

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

/** The three versions as stored, and the belt level (null: not the organisation's event). */
interface VersionRow {
  tingkat: number | null;
  roster: number | string | null;
  flags: number | string | null;
  nilai: number | string | null;
}

/** A participant's post flags as the list's one statement sends them: id and the four holders. */
export type FlagTuple = [number, number | null, number | null, number | null, number | null];

function tagOf(row: VersionRow | undefined): ListVersionTag | null {
  if (!row || row.tingkat === null) return null;
  const roster = String(row.roster ?? 0);
  const nilai = String(row.nilai ?? 0);
  return {
    roster,
    rows: `${roster}.${row.flags ?? 0}.${nilai}`,
    belum: `${roster}.${nilai}`,
    tingkat: Number(row.tingkat),
  };
}

/**
 * The three versions and the belt level, each a scalar sub-query of one statement; the event id
 * is given once per use, as `prepare` wants every stand-in used once.
 */
function versionsQuery(db: Kysely<Database>, ukt: [number, number, number], idOrganisasi: number) {
  return db.selectNoFrom((eb) => [
    tingkatOfKegiatan(eb, ukt[0], idOrganisasi).as('tingkat'),
    versionOf(eb, ROSTER_VERSION_KEY).as('roster'),
    eb
      .selectFrom('siswa')
      .select((e) => e.fn.max('siswa.versi').as('versi'))
      .where('siswa.id_ukt', '=', ukt[1])
      .as('flags'),
    auditVersionOf(eb, ukt[2]).as('nilai'),
  ]);
}

/**
 * The list's version tag and the event's belt level, or null when the event is not the
 * organisation's: one statement; on SQLite answered from memory until the next commit anywhere
 * (docs/decisions/047).
 */
export async function listVersionTag(
  db: Kysely<Database>,
  idOrganisasi: number,
  idUkt: number,
): Promise<ListVersionTag | null> {
  const query = preparedOf(db, 'list-version-tag', () =>
    prepare(
      db,
      (a: number, b: number, c: number, organisasi: number) => versionsQuery(db, [a, b, c], organisasi),
      4,
    ),
  );
  const row = await readUnlessCommitted(
    db,
    `list-version-tag:${idOrganisasi}:${idUkt}`,
    async () => (await query(idUkt, idUkt, idUkt, idOrganisasi))[0] as VersionRow | undefined,
  );
  return tagOf(row);
}

/** What the list's one PostgreSQL statement answers. */
export interface ListState {
  tag: ListVersionTag | null;
  /** The page's post flags, when asked for and the answer's tag had moved. */
  flags: FlagTuple[] | null;
  /** The page's written (participant, field, level) triples, likewise. */
  written: [number, string, number][] | null;
}

/**
 * PostgreSQL: the list's version tag and, only when it differs from `known` (the tag the cached
 * answer was built under), the post flags and written marks of the page's participants — the
 * whole check-and-refresh of a list request in one round trip (docs/decisions/118).
 */
export async function listStatePg(
  db: Kysely<Database>,
  idOrganisasi: number,
  idUkt: number,
  ids: number[],
  fields: string[],
  known: string,
): Promise<ListState> {
  const query = preparedOf(db, 'list-state', () =>
    prepare(
      db,
      (
        a: number,
        b: number,
        c: number,
        organisasi: number,
        page: number[],
        marks: string[],
        tag: string,
        tag2: string,
        page2: number[],
        ukt2: number,
      ) =>
        db
          // Materialized: each version is read once, not once per column that uses it.
          .with(
            (cte) => cte('v').materialized(),
            () => versionsQuery(db, [a, b, c], organisasi),
          )
          .selectFrom('v')
          .selectAll('v')
          .select((eb) => {
            const moved = (known: string) =>
              sql<boolean>`coalesce(v.roster, 0) || '.' || coalesce(v.flags, 0) || '.' || coalesce(v.nilai, 0) is distinct from ${known}`;
            return [
              sql<FlagTuple[] | null>`case when ${moved(tag)} then (${eb
                .selectFrom('siswa')
                .select(
                  sql`json_agg(json_build_array(siswa.id_siswa, siswa.sudah_keshan, siswa.sudah_tes, siswa.sudah_fisik, siswa.sudah_sambung))`.as(
                    'j',
                  ),
                )
                .where('siswa.id_siswa', '=', sql<number>`any(${page})`)}) end`.as('flag_rows'),
              sql<
                [number, string, number][] | null
              >`case when ${moved(tag2)} then ${writtenJsonOf(ukt2, marks, page2)} end`.as('written'),
            ];
          }),
      10,
    ),
  );
  const row = (await query(idUkt, idUkt, idUkt, idOrganisasi, ids, fields, known, known, ids, idUkt))[0] as
    | (VersionRow & { flag_rows: FlagTuple[] | null; written: [number, string, number][] | null })
    | undefined;
  return { tag: tagOf(row), flags: row?.flag_rows ?? null, written: row?.written ?? null };
}
