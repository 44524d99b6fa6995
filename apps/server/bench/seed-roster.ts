import { seededRng } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types';
import { bumpRosterVersion } from '../src/db/versions';
import { demoName } from '../src/demo/names';
import { searchForm } from '../src/lib/search-form';
import { ensureRegionPath } from '../src/modules/regions/regions.repository';

/** Region ids of a large organisation: 4 perwapus × 5 cabang × 5 ranting × 4 rayon. */
export async function benchRegions(db: Kysely<Database>, orgId: number) {
  const regions = [];
  for (let p = 1; p <= 4; p++) {
    for (let c = 1; c <= 5; c++) {
      for (let r = 1; r <= 5; r++) {
        for (let y = 1; y <= 4; y++) {
          regions.push(
            await ensureRegionPath(db, orgId, {
              perwapus: `Perwapus ${p}`,
              cabang: `Cabang ${p}.${c}`,
              ranting: `Ranting ${p}.${c}.${r}`,
              rayon: `Rayon ${p}.${c}.${r}.${y}`,
            }),
          );
        }
      }
    }
  }
  return regions;
}

/** Adds an event with `count` participants spread over the regions, in batches of one transaction. */
export async function seedEvent(
  db: Kysely<Database>,
  orgId: number,
  idUkt: number,
  count: number,
  regions: Awaited<ReturnType<typeof benchRegions>>,
): Promise<void> {
  const rng = seededRng(idUkt);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('ukt')
      .values({
        id_ukt: idUkt,
        id_organisasi: orgId,
        nama_ukt: `UKT Bench ${count}`,
        nama_kegiatan: 'Bench',
        tanggal_tes: '2026-12-01',
        akhir_tes: null,
        id_tingkat: 2,
      })
      .execute();
    const batch = 1000;
    for (let start = 0; start < count; start += batch) {
      const rows = Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
        const n = start + i;
        const nama = demoName(rng);
        const region = regions[Math.floor(rng() * regions.length)] as (typeof regions)[number];
        return {
          id_ukt: idUkt,
          no_urut: n + 1,
          nama,
          nama_cari: searchForm(nama),
          provinsi: 'Jawa Timur',
          ...region,
        };
      });
      await trx.insertInto('siswa').values(rows).execute();
    }
    await bumpRosterVersion(trx);
  });
}
