import { type ImporKeputusan, type ImporWilayah, kunciNama, wilayahMirip } from '@ukt/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { insertRegionIfMissing, listRegionTree, type RegionLevel } from '../regions/regions.repository';

/** Stands for a region an import would create: no stored row has this id. */
export const NEW_REGION = 0;

const LEVELS: RegionLevel[] = ['perwapus', 'cabang', 'ranting', 'rayon'];

const keyOf = (level: RegionLevel, idParent: number, nama: string) =>
  `${level}\u0000${idParent}\u0000${kunciNama(nama)}`;

interface Region {
  id: number;
  nama: string;
}

/** A region name of the file that is not stored, as the preview lists it. */
type Unstored = ImporWilayah & { near: Region | null };

/**
 * The organisation's regions by name, loaded once (four queries) for a whole import instead of a
 * query per row (docs/decisions/037). Names match whatever their case and spaces ("cabang kota
 * madiun" is "Cabang Kota Madiun"). A name that matches none but is close to a stored one (a
 * missing level word, a letter or two off) is a near miss: it is used as the stored region or
 * created only as the committee decided, never silently (docs/decisions/103). A preview only
 * looks names up (a missing one is NEW_REGION) and lists what is not stored; applying creates
 * the missing ones in its transaction. Known names are answered synchronously: a 100,000-row
 * file names a few hundred regions.
 */
export class RegionCache {
  private readonly ids = new Map<string, number>();
  private readonly children = new Map<string, Region[]>();
  private readonly unstored = new Map<string, Unstored>();
  private readonly names = new Map<string, string>();
  private loaded = false;

  private constructor(
    private readonly db: Kysely<Database> | Transaction<Database>,
    private readonly idOrganisasi: number,
    private readonly create: boolean,
    private readonly decisions: ImporKeputusan,
  ) {}

  /** Names looked up only: nothing is written. */
  static lookUp(db: Kysely<Database>, idOrganisasi: number): RegionCache {
    return new RegionCache(db, idOrganisasi, false, {});
  }

  /** Names looked up, and missing ones created in the transaction as the committee decided. */
  static creating(trx: Transaction<Database>, idOrganisasi: number, decisions: ImporKeputusan): RegionCache {
    return new RegionCache(trx, idOrganisasi, true, decisions);
  }

  /** Loads the organisation's regions; call before the first path. */
  async load(): Promise<void> {
    if (this.loaded) return;
    const tree = await listRegionTree(this.db, this.idOrganisasi);
    for (const level of LEVELS)
      for (const r of tree[level]) {
        this.ids.set(keyOf(level, r.id_parent, r.nama), r.id);
        this.names.set(`${level}\u0000${r.id}`, r.nama);
        const siblings = `${level}\u0000${r.id_parent}`;
        this.children.set(siblings, [...(this.children.get(siblings) ?? []), { id: r.id, nama: r.nama }]);
      }
    this.loaded = true;
  }

  /**
   * The ids of a path of region names from perwapus down (as many levels as given), each under
   * the one before: at once when every name is known, otherwise after looking up or creating.
   * `line` is the file line naming them, for the preview's list.
   */
  path(names: readonly string[], line: number): number[] | Promise<number[]> {
    const ids: number[] = [];
    let parent = this.idOrganisasi;
    for (const [i, nama] of names.entries()) {
      const id = this.ids.get(keyOf(LEVELS[i] as RegionLevel, parent, nama));
      if (id === undefined) return this.resolve(names, line);
      ids.push(id);
      parent = id;
    }
    return ids;
  }

  /** The stored name of a region by id, as the preview shows a name matched whatever its case. */
  storedName(level: RegionLevel, id: number): string | undefined {
    return this.names.get(`${level}\u0000${id}`);
  }

  /** The region names of the file that are not stored: near misses and new regions, by first line. */
  list(): ImporWilayah[] {
    return [...this.unstored.values()]
      .map(({ near: _, ...wilayah }) => wilayah)
      .sort((a, b) => a.baris - b.baris);
  }

  /** The near misses the committee has not decided yet. */
  undecided(): ImporWilayah[] {
    return this.list().filter((w) => w.mirip !== null && !this.decisions[w.kunci]);
  }

  private async resolve(names: readonly string[], line: number): Promise<number[]> {
    await this.load();
    const ids: number[] = [];
    let parent = this.idOrganisasi;
    for (const [i, nama] of names.entries()) {
      const level = LEVELS[i] as RegionLevel;
      const key = keyOf(level, parent, nama);
      let id = this.ids.get(key);
      if (id === undefined) id = await this.unstoredId(level, parent, names.slice(0, i + 1), line);
      ids.push(id);
      parent = id;
    }
    return ids;
  }

  /** The id a name that is not stored gets: a near miss's stored region, a new one, or NEW_REGION. */
  private async unstoredId(level: RegionLevel, parent: number, path: readonly string[], line: number) {
    const nama = path[path.length - 1] as string;
    const kunci = `${level}:${path.map(kunciNama).join(' / ')}`;
    let entry = this.unstored.get(kunci);
    if (entry) entry.jumlah_baris++;
    else {
      const siblings = parent === NEW_REGION ? [] : (this.children.get(`${level}\u0000${parent}`) ?? []);
      const near = wilayahMirip(level, nama, siblings);
      entry = {
        kunci,
        tingkat: level,
        nama,
        induk: path.slice(0, -1),
        mirip: near?.nama ?? null,
        baris: line,
        jumlah_baris: 1,
        near,
      };
      this.unstored.set(kunci, entry);
    }
    const decision = this.decisions[kunci];
    // An undecided near miss is looked at as the region it is near to (so the levels below it are
    // compared too); applying refuses it before anything is committed.
    if (entry.near && decision !== 'baru') return this.remember(level, parent, nama, entry.near.id);
    if (!this.create || parent === NEW_REGION) return NEW_REGION;
    return this.remember(level, parent, nama, await insertRegionIfMissing(this.db, level, parent, nama));
  }

  private remember(level: RegionLevel, parent: number, nama: string, id: number): number {
    // A preview keeps asking, so every row naming it is counted; applying asks once.
    if (this.create) this.ids.set(keyOf(level, parent, nama), id);
    return id;
  }
}
