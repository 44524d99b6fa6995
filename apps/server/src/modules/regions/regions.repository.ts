import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

/** The four region levels, each the child of the one before (perwapus' parent is the organisation). */
export type RegionLevel = 'perwapus' | 'cabang' | 'ranting' | 'rayon';

type Db = Kysely<Database> | Transaction<Database>;

/** The id of a region by name under its parent, if it exists (an import's preview). */
export async function findRegion(
  db: Db,
  level: RegionLevel,
  idParent: number,
  nama: string,
): Promise<number | undefined> {
  const found = await db
    .selectFrom(level)
    .select('id')
    .where('id_parent', '=', idParent)
    .where('nama', '=', nama)
    .executeTakeFirst();
  return found?.id;
}

/** The id of a region by name under its parent, created when missing (imports create regions by name). */
export async function ensureRegion(
  db: Db,
  level: RegionLevel,
  idParent: number,
  nama: string,
): Promise<number> {
  const found = await findRegion(db, level, idParent, nama);
  if (found !== undefined) return found;
  const row = await db
    .insertInto(level)
    .values({ id_parent: idParent, nama })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The ids of a perwapus › cabang › ranting › rayon path, created as needed. */
export async function ensureRegionPath(
  db: Db,
  idOrganisasi: number,
  names: { perwapus: string; cabang: string; ranting: string; rayon: string },
) {
  const id_perwapus = await ensureRegion(db, 'perwapus', idOrganisasi, names.perwapus);
  const id_cabang = await ensureRegion(db, 'cabang', id_perwapus, names.cabang);
  const id_ranting = await ensureRegion(db, 'ranting', id_cabang, names.ranting);
  const id_rayon = await ensureRegion(db, 'rayon', id_ranting, names.rayon);
  return { id_perwapus, id_cabang, id_ranting, id_rayon };
}

/** Regions of one level, optionally under one parent and/or limited to one id, by name. */
export function listRegions(
  db: Db,
  level: RegionLevel,
  filter: { parentIds?: number[] | undefined; parent?: number | undefined; only?: number | undefined },
) {
  let query = db.selectFrom(level).select(['id', 'nama']).orderBy('nama');
  if (filter.parentIds)
    query = query.where('id_parent', 'in', filter.parentIds.length ? filter.parentIds : [-1]);
  if (filter.parent !== undefined) query = query.where('id_parent', '=', filter.parent);
  if (filter.only !== undefined) query = query.where('id', '=', filter.only);
  return query.execute();
}

/** Ids of the perwapus of an organisation. */
export async function perwapusIds(db: Db, idOrganisasi: number): Promise<number[]> {
  const rows = await db.selectFrom('perwapus').select('id').where('id_parent', '=', idOrganisasi).execute();
  return rows.map((r) => r.id);
}

/** Every region of an organisation, level by level (an import's names are looked up in memory). */
export async function listRegionTree(db: Db, idOrganisasi: number) {
  const perwapus = await db
    .selectFrom('perwapus')
    .select(['id', 'id_parent', 'nama'])
    .where('id_parent', '=', idOrganisasi)
    .execute();
  const cabang = await db
    .selectFrom('cabang')
    .innerJoin('perwapus', 'perwapus.id', 'cabang.id_parent')
    .select(['cabang.id', 'cabang.id_parent', 'cabang.nama'])
    .where('perwapus.id_parent', '=', idOrganisasi)
    .execute();
  const ranting = await db
    .selectFrom('ranting')
    .innerJoin('cabang', 'cabang.id', 'ranting.id_parent')
    .innerJoin('perwapus', 'perwapus.id', 'cabang.id_parent')
    .select(['ranting.id', 'ranting.id_parent', 'ranting.nama'])
    .where('perwapus.id_parent', '=', idOrganisasi)
    .execute();
  const rayon = await db
    .selectFrom('rayon')
    .innerJoin('ranting', 'ranting.id', 'rayon.id_parent')
    .innerJoin('cabang', 'cabang.id', 'ranting.id_parent')
    .innerJoin('perwapus', 'perwapus.id', 'cabang.id_parent')
    .select(['rayon.id', 'rayon.id_parent', 'rayon.nama'])
    .where('perwapus.id_parent', '=', idOrganisasi)
    .execute();
  return { perwapus, cabang, ranting, rayon };
}

/**
 * The id of a region by name under its parent, created when missing; a concurrent import that
 * creates the same region first is no error (its row is found instead).
 */
export async function insertRegionIfMissing(
  db: Db,
  level: RegionLevel,
  idParent: number,
  nama: string,
): Promise<number> {
  const inserted = await db
    .insertInto(level)
    .values({ id_parent: idParent, nama })
    .onConflict((oc) => oc.columns(['id_parent', 'nama']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? ((await findRegion(db, level, idParent, nama)) as number);
}

/** The region path of a rayon of the organisation (its ranting, cabang and perwapus), if it is one. */
export function findRayonPath(db: Db, idOrganisasi: number, idRayon: number) {
  return db
    .selectFrom('rayon')
    .innerJoin('ranting', 'ranting.id', 'rayon.id_parent')
    .innerJoin('cabang', 'cabang.id', 'ranting.id_parent')
    .innerJoin('perwapus', 'perwapus.id', 'cabang.id_parent')
    .select([
      'perwapus.id as id_perwapus',
      'cabang.id as id_cabang',
      'ranting.id as id_ranting',
      'rayon.id as id_rayon',
    ])
    .where('rayon.id', '=', idRayon)
    .where('perwapus.id_parent', '=', idOrganisasi)
    .executeTakeFirst();
}

/** Regions of one level by id: their names and parents. */
export function findRegionsById(db: Db, level: RegionLevel, ids: number[]) {
  return db
    .selectFrom(level)
    .select(['id', 'nama', 'id_parent'])
    .where('id', 'in', ids.length ? ids : [-1])
    .orderBy('nama')
    .execute();
}

/** The parent of a perwapus or cabang by id (a perwapus' parent is its organisation), if it exists. */
export async function findRegionParent(
  db: Db,
  level: 'perwapus' | 'cabang',
  id: number,
): Promise<number | undefined> {
  const row = await db.selectFrom(level).select('id_parent').where('id', '=', id).executeTakeFirst();
  return row?.id_parent;
}

/** A ranting's name, if it exists. */
export async function findRantingNama(db: Db, idRanting: number): Promise<string | undefined> {
  const row = await db.selectFrom('ranting').select('nama').where('id', '=', idRanting).executeTakeFirst();
  return row?.nama;
}
