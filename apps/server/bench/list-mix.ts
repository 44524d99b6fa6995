import { SISWA_PAGE_SIZE } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types';
import { searchForm } from '../src/lib/search-form';
import { countSiswa, type SiswaFilter } from '../src/modules/siswa/siswa.repository';
import type { benchRegions } from './seed-roster';

/** The searches of the list mix: parts of the demo names, so that each one matches somebody. */
export const SEARCHES = ['sari', 'adi', 'put', 'wahyu', 'eko', 'tri', 'dewi', 'nugroho', 'yuni', 'santoso'];

type Regions = Awaited<ReturnType<typeof benchRegions>>;

/**
 * The filter sets of the mix, taken from the regions the bench seeded (benchRegions: 4 perwapus ×
 * 5 cabang × 5 ranting × 4 rayon, in that order): none, a perwapus, a perwapus with one of its
 * cabang, a cabang alone. Region ids come from the database, never written out: the demo data
 * seeded first holds the low ones.
 */
export function mixFilters(regions: Regions): Omit<SiswaFilter, 'id_ukt' | 'cari'>[] {
  const at = (i: number) => regions[i] as Regions[number];
  return [
    {},
    { id_perwapus: at(100).id_perwapus },
    { id_perwapus: at(200).id_perwapus, id_cabang: at(220).id_cabang },
    { id_cabang: at(60).id_cabang },
  ];
}

/** A list query of the mix: its URL path and what it filters. */
export interface MixQuery {
  path: string;
  filter: SiswaFilter;
  hal: number;
}

/**
 * The list queries of an event (searches × filters × pages 1–3) that return rows: a page past
 * the last of its query is left out, so that no row of the run times an empty answer.
 * `candidates` is how many there were before.
 */
export async function listMix(
  db: Kysely<Database>,
  idUkt: number,
  regions: Regions,
): Promise<{ queries: MixQuery[]; candidates: number }> {
  const queries: MixQuery[] = [];
  let candidates = 0;
  for (const nama of ['', ...SEARCHES]) {
    for (const f of mixFilters(regions)) {
      const filter: SiswaFilter = { id_ukt: idUkt, cari: searchForm(nama), mundur: false, ...f };
      const total = await countSiswa(db, filter);
      const params = Object.entries(f)
        .map(([k, v]) => `&${k}=${v}`)
        .join('');
      for (const hal of [1, 2, 3]) {
        candidates++;
        if (total <= (hal - 1) * SISWA_PAGE_SIZE) continue;
        queries.push({
          path: `/uktNEW/api/DataSiswa/siswa?id_ukt=${idUkt}&hal=${hal}&posUjian=2&nama=${nama}${params}`,
          filter,
          hal,
        });
      }
    }
  }
  return { queries, candidates };
}

/** True for a list answer without rows. */
export const isEmptyList = (body: string) => body.includes('"data":[]');
