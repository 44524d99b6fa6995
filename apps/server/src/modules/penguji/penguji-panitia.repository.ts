import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { containsPattern } from '../../lib/search-form';
import { isAssigned } from '../kegiatan/penugasan.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** What the console's examiner search matches: part of a name, or digits of a number. */
export interface PengujiSearch {
  /** Lower-case text to find inside a name ('' matches everyone). */
  nama: string;
  /** Digit strings to find inside a number (none when the search is not a number). */
  noWa: string[];
  /** Only the examiners assigned to this event (docs/decisions/109). */
  idUkt?: number;
}

/** `%text%` for LIKE, with LIKE's own wildcards taken literally (used with ESCAPE '\'). */

function examinersOf(db: Db, idOrganisasi: number) {
  return db
    .selectFrom('penguji')
    .leftJoin('perwapus', 'perwapus.id', 'penguji.id_perwapus')
    .leftJoin('cabang', 'cabang.id', 'penguji.id_cabang')
    .where('penguji.id_organisasi', '=', idOrganisasi);
}

function searched(db: Db, idOrganisasi: number, search: PengujiSearch) {
  const { idUkt } = search;
  return examinersOf(db, idOrganisasi)
    .$if(search.nama !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          sql<boolean>`lower(penguji.nama) like ${containsPattern(search.nama)} escape '\\'`,
          ...search.noWa.map(
            (digits) => sql<boolean>`penguji.no_wa like ${containsPattern(digits)} escape '\\'`,
          ),
        ]),
      ),
    )
    .$if(idUkt !== undefined, (qb) => qb.where((eb) => isAssigned(eb, idUkt as number)));
}

const COLUMNS = [
  'penguji.id_pemilih',
  'penguji.no_wa',
  'penguji.nama',
  'penguji.id_perwapus',
  'perwapus.nama as perwapus',
  'penguji.id_cabang',
  'cabang.nama as cabang',
  'penguji.panitia',
  'penguji.dewan',
  'penguji.aktif',
] as const;

/** A page of an organisation's examiners matching a search, by name, with their region names. */
export function listPenguji(db: Db, idOrganisasi: number, search: PengujiSearch, page: number, size: number) {
  return searched(db, idOrganisasi, search)
    .select(COLUMNS)
    .orderBy(sql`lower(penguji.nama)`)
    .orderBy('penguji.id_pemilih')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

/** How many of an organisation's examiners match a search. */
export async function countPenguji(db: Db, idOrganisasi: number, search: PengujiSearch): Promise<number> {
  const row = await searched(db, idOrganisasi, search)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One examiner of the organisation with their region names, if any. */
export function findPengujiWithRegion(db: Db, idOrganisasi: number, idPemilih: number) {
  return examinersOf(db, idOrganisasi)
    .select(COLUMNS)
    .where('penguji.id_pemilih', '=', idPemilih)
    .executeTakeFirst();
}

/** An examiner row as the console lists it. */
export type PengujiWithRegion = NonNullable<Awaited<ReturnType<typeof findPengujiWithRegion>>>;

/**
 * When each examiner last signed in (a session opened, epoch ms) and last wrote a change (the
 * audit log, ISO time). Sessions are pruned an hour after they expire, so sign-ins older than
 * about a day are no longer known; score writes are kept for good.
 */
export async function lastActivity(
  db: Db,
  ids: number[],
): Promise<{ signIn: Map<number, number>; write: Map<number, string> }> {
  const signIn = new Map<number, number>();
  const write = new Map<number, string>();
  if (!ids.length) return { signIn, write };
  const sessions = await db
    .selectFrom('penguji')
    .innerJoin('sesi', 'sesi.id_pemilih', 'penguji.id_pemilih')
    .select(['penguji.id_pemilih', (eb) => eb.fn.max('sesi.created_at').as('at')])
    .where('penguji.id_pemilih', 'in', ids)
    .where('sesi.kind', '=', 'session')
    .groupBy('penguji.id_pemilih')
    .execute();
  for (const r of sessions) signIn.set(r.id_pemilih, Number(r.at));
  const writes = await db
    .selectFrom('penguji')
    .innerJoin('audit_log', 'audit_log.id_pemilih', 'penguji.id_pemilih')
    .select(['penguji.id_pemilih', (eb) => eb.fn.max('audit_log.at').as('at')])
    .where('penguji.id_pemilih', 'in', ids)
    .groupBy('penguji.id_pemilih')
    .execute();
  for (const r of writes) write.set(r.id_pemilih, r.at);
  return { signIn, write };
}
