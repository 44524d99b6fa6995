import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types';
import { countSiswa, findSiswaPageIds, findSiswaRows } from '../src/modules/siswa/siswa.repository';
import { mixFilters } from './list-mix';
import type { benchRegions } from './seed-roster';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => Math.round(n * 100) / 100;

/** Times the uncached list queries (page ids, count, rows) of each event over the same query mix. */
export async function coldQueryTimes(
  db: Kysely<Database>,
  events: number[],
  searches: string[],
  regions: Awaited<ReturnType<typeof benchRegions>>,
) {
  const results = [];
  for (const id_ukt of events) {
    const filters = mixFilters(regions);
    const times: number[] = [];
    for (const cari of ['', ...searches]) {
      for (const f of filters) {
        for (const hal of [1, 2, 3]) {
          const filter = { id_ukt, cari, ...f };
          const start = performance.now();
          const ids = await findSiswaPageIds(db, filter, hal);
          await countSiswa(db, filter);
          await findSiswaRows(db, ids);
          times.push(performance.now() - start);
        }
      }
    }
    const total = await countSiswa(db, { id_ukt, cari: '' });
    times.sort((a, b) => a - b);
    results.push({
      label: total.toLocaleString('en'),
      p50: ms(pct(times, 50)),
      p99: ms(pct(times, 99)),
      max: ms(times.at(-1) ?? 0),
    });
  }
  return results;
}
