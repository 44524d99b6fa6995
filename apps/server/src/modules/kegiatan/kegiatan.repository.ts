import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { readUnlessCommitted } from '../../db/data-version';
import { prepare, preparedOf } from '../../db/prepared';
import type { Database, UktTable } from '../../db/types';
import { fromExcluded } from '../../db/upsert';
import { flagsVersionKey, nilaiVersionKey, ROSTER_VERSION_KEY, versionOf } from '../../db/versions';

type Db = Kysely<Database> | Transaction<Database>;

/** An organisation's events, newest first; only archived or only active ones when `arsip` says so. */
export function listKegiatan(db: Kysely<Database>, idOrganisasi: number, filter: { arsip?: boolean } = {}) {
  let query = db.selectFrom('ukt').selectAll().where('id_organisasi', '=', idOrganisasi);
  if (filter.arsip !== undefined) query = query.where('arsip', '=', filter.arsip ? 1 : 0);
  return query.orderBy('tanggal_tes', 'desc').orderBy('id_ukt', 'desc').execute();
}

/** One event of an organisation, if it exists. */
export function findKegiatanById(db: Kysely<Database>, idOrganisasi: number, idUkt: number) {
  return db
    .selectFrom('ukt')
    .selectAll()
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_ukt', '=', idUkt)
    .executeTakeFirst();
}

/** Adds an event with the committee's id_ukt. */
export async function insertKegiatan(
  db: Kysely<Database> | Transaction<Database>,
  values: Insertable<UktTable>,
): Promise<void> {
  await db.insertInto('ukt').values(values).execute();
}

/**
 * Adds an event under the next free id_ukt (past every imported one: imports move PostgreSQL's
 * sequence on, db/sequences.ts) and answers it.
 */
export async function insertKegiatanWithNewId(
  db: Kysely<Database> | Transaction<Database>,
  values: Omit<Insertable<UktTable>, 'id_ukt'>,
): Promise<number> {
  const row = await db.insertInto('ukt').values(values).returning('id_ukt').executeTakeFirstOrThrow();
  return row.id_ukt;
}

/** Changes an event. */
export async function updateKegiatan(
  db: Kysely<Database> | Transaction<Database>,
  idUkt: number,
  values: Updateable<UktTable>,
): Promise<void> {
  await db.updateTable('ukt').set(values).where('id_ukt', '=', idUkt).execute();
}

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
            versionOf(eb, ROSTER_VERSION_KEY).as('roster'),
            versionOf(eb, flags).as('flags'),
            versionOf(eb, nilai).as('nilai'),
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
    async () => (await query(flagsVersionKey(idUkt), nilaiVersionKey(idUkt), idUkt, idOrganisasi))[0],
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

/** Which of these event ids are the organisation's. */
export async function kegiatanIdsOf(
  db: Kysely<Database> | Transaction<Database>,
  idOrganisasi: number,
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('ukt')
    .select('id_ukt')
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_ukt', 'in', ids)
    .execute();
  return rows.map((r) => r.id_ukt);
}

/** Events by id_ukt, whichever organisation they belong to. */
export function findKegiatanByIds(db: Db, ids: number[]) {
  return db.selectFrom('ukt').selectAll().where('id_ukt', 'in', ids).execute();
}

/** Adds or changes events by id_ukt (the caller checked none is another organisation's). */
export async function upsertKegiatanBatch(trx: Transaction<Database>, rows: Insertable<UktTable>[]) {
  if (!rows.length) return;
  const set = [
    'id_organisasi',
    'nama_ukt',
    'nama_kegiatan',
    'tanggal_tes',
    'akhir_tes',
    'id_tingkat',
  ] as const;
  await trx
    .insertInto('ukt')
    .values(rows)
    .onConflict((oc) => oc.column('id_ukt').doUpdateSet(fromExcluded(set)))
    .execute();
}

/** Sets or clears (null) an event's own signatories, stored as organisasi's column text. */
export async function setPenandatanganKegiatan(
  db: Db,
  idOrganisasi: number,
  idUkt: number,
  penandatangan: string | null,
): Promise<void> {
  await db
    .updateTable('ukt')
    .set({ penandatangan })
    .where('id_ukt', '=', idUkt)
    .where('id_organisasi', '=', idOrganisasi)
    .execute();
}
