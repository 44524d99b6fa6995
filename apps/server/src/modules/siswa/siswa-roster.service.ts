import { SiswaRosterResult } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { signCardCode } from '../../lib/card-code';
import { TaggedCache } from '../../lib/tagged-cache';
import type { AuthPenguji } from '../../plugins/context';
import { kegiatanMissing } from '../kegiatan/kegiatan.service';
import { assertInTugas } from '../kegiatan/penugasan.service';
import { findRegionsById } from '../regions/regions.repository';
import { findRosterRows } from './siswa.repository';
import { scopedFilter } from './siswa.service';
import { listVersionTag } from './siswa-list.repository';
import { dinilaiBySiswa } from './siswa-list.service';

/** Finished roster answers per (event, scope): few and large, so a small cache of its own. */
export function createRosterCache(): TaggedCache<string> {
  return new TaggedCache(32);
}

const LEVELS = ['perwapus', 'cabang', 'ranting', 'rayon'] as const;

/**
 * An event's whole roster as JSON (issue 14 item 4): every participant the examiner may see (the
 * list's perwapus/cabang scope; withdrawn ones flagged, so a scanned card of theirs is refused by
 * name), with region ids and the regions' names once, post flags, scored exams and card codes.
 * The phone fills its offline copy from it in one request. Reused while nothing in it changed.
 * 403 for an event outside the examiner's assignment.
 */
export async function rosterJson(
  db: Kysely<Database>,
  cache: TaggedCache<string>,
  secret: string,
  examiner: AuthPenguji,
  idUkt: number,
): Promise<string> {
  assertInTugas(examiner, idUkt);
  const tag = await listVersionTag(db, examiner.id_organisasi, idUkt);
  if (!tag) throw kegiatanMissing(idUkt);
  const scope = scopedFilter(examiner, { id_ukt: idUkt, hal: 1, nama: '', posUjian: 0 });
  const key = `${idUkt}|${scope.id_perwapus}|${scope.id_cabang}`;
  return cache.getOrLoad(key, tag.rows, async () => {
    const rows = await findRosterRows(db, scope);
    const dinilai = await dinilaiBySiswa(db, idUkt, tag.tingkat);
    const regionIds = (level: (typeof LEVELS)[number]) => [...new Set(rows.map((r) => r[`id_${level}`]))];
    const [perwapus, cabang, ranting, rayon] = await Promise.all(
      LEVELS.map((level) => findRegionsById(db, level, regionIds(level))),
    );
    const siswa = rows.map((r) => ({
      ...r,
      mundur: r.mundur ? (1 as const) : (0 as const),
      dinilai: dinilai.get(r.id_siswa) ?? [],
      kode_kartu: signCardCode(secret, idUkt, r.id_siswa),
    }));
    const data = { id_ukt: idUkt, perwapus, cabang, ranting, rayon, siswa };
    // Validated once here, then served as it is while nothing it shows has changed.
    return JSON.stringify(SiswaRosterResult.parse({ success: true, data }));
  });
}
