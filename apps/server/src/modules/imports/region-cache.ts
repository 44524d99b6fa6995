import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { insertRegionIfMissing, listRegionTree, type RegionLevel } from '../regions/regions.repository';

/** Stands for a region an import would create: no stored row has this id. */
export const NEW_REGION = 0;

const LEVELS: RegionLevel[] = ['perwapus', 'cabang', 'ranting', 'rayon'];

const keyOf = (level: RegionLevel, idParent: number, nama: string) =>
  `${level}\u0000${idParent}\u0000${nama}`;

/**
 * The organisation's regions by name, loaded once (four queries) for a whole import instead of a
 * query per row (docs/decisions/037). A preview only looks names up (a missing one is NEW_REGION);
 * applying creates the missing ones in its transaction. Known names are answered synchronously:
 * a 100,000-row file names a few hundred regions.
 */
export class RegionCache {
  private readonly ids = new Map<string, number>();
  private loaded = false;

  private constructor(
    private readonly db: Kysely<Database> | Transaction<Database>,
    private readonly idOrganisasi: number,
    private readonly create: boolean,
  ) {}

  /** Names looked up only: nothing is written. */
  static lookUp(db: Kysely<Database>, idOrganisasi: number): RegionCache {
    return new RegionCache(db, idOrganisasi, false);
  }

  /** Names looked up, and missing ones created in the transaction. */
  static creating(trx: Transaction<Database>, idOrganisasi: number): RegionCache {
    return new RegionCache(trx, idOrganisasi, true);
  }

  /** Loads the organisation's regions; call before the first path. */
  async load(): Promise<void> {
    if (this.loaded) return;
    const tree = await listRegionTree(this.db, this.idOrganisasi);
    for (const level of LEVELS)
      for (const r of tree[level]) this.ids.set(keyOf(level, r.id_parent, r.nama), r.id);
    this.loaded = true;
  }

  /**
   * The ids of a path of region names from perwapus down (as many levels as given), each under
   * the one before: at once when every name is known, otherwise after looking up or creating.
   */
  path(names: readonly string[]): number[] | Promise<number[]> {
    const ids: number[] = [];
    let parent = this.idOrganisasi;
    for (const [i, nama] of names.entries()) {
      const id = this.ids.get(keyOf(LEVELS[i] as RegionLevel, parent, nama));
      if (id === undefined) return this.resolve(names);
      ids.push(id);
      parent = id;
    }
    return ids;
  }

  private async resolve(names: readonly string[]): Promise<number[]> {
    await this.load();
    const ids: number[] = [];
    let parent = this.idOrganisasi;
    for (const [i, nama] of names.entries()) {
      const level = LEVELS[i] as RegionLevel;
      const key = keyOf(level, parent, nama);
      let id = this.ids.get(key);
      if (id === undefined) {
        if (!this.create || parent === NEW_REGION) id = NEW_REGION;
        else {
          id = await insertRegionIfMissing(this.db, level, parent, nama);
          this.ids.set(key, id);
        }
      }
      ids.push(id);
      parent = id;
    }
    return ids;
  }
}
