import type { CabangOption, PerwapusOption, RantingOption, RayonOption } from '@ukt/core';
import { ApiError } from '../../../lib/api-client';
import { cachedRegionOptions, type RegionLevel } from '../../../lib/offline';
import { getCabang } from '../../../lib/regions/get-cabang';
import { getPerwapus } from '../../../lib/regions/get-perwapus';
import { getRanting } from '../../../lib/regions/get-ranting';
import { getRayon } from '../../../lib/regions/get-rayon';

type Loader<T> = (parent: string, signal: AbortSignal) => Promise<T[]>;

/** The four filters' option loaders, in the shape the server's option calls answer. */
export interface RegionLoaders {
  perwapus: Loader<PerwapusOption>;
  cabang: Loader<CabangOption>;
  ranting: Loader<RantingOption>;
  rayon: Loader<RayonOption>;
}

/**
 * The filters' option loaders for an event: from the server, or, when it cannot be reached or cannot
 * answer (no signal, 5xx), from the regions of the phone's roster copy, so the filters work offline.
 */
export function regionLoaders(idUkt: number, examinerId: string): RegionLoaders {
  const withCopy =
    <T>(level: RegionLevel, load: Loader<T>, shape: (o: { id: string; nama: string }) => T): Loader<T> =>
    async (parent, signal) => {
      try {
        return await load(parent, signal);
      } catch (error) {
        const offline = error instanceof ApiError && (error.status === 0 || error.status >= 500);
        const copy = offline ? await cachedRegionOptions(idUkt, examinerId, level, parent) : null;
        if (!copy) throw error;
        return copy.map(shape);
      }
    };
  return {
    perwapus: withCopy(
      'perwapus',
      (_parent, signal) => getPerwapus(signal),
      (o) => ({
        id_perwapus: o.id,
        perwapus: o.nama,
      }),
    ),
    cabang: withCopy('cabang', getCabang, (o) => ({ id_cabang: o.id, cabang: o.nama })),
    ranting: withCopy('ranting', getRanting, (o) => ({ id_ranting: o.id, ranting: o.nama })),
    rayon: withCopy('rayon', getRayon, (o) => ({ id: o.id, rayon: o.nama })),
  };
}
