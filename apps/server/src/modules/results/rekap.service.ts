import {
  type AturanLulus,
  KOMPONEN,
  type KomponenKey,
  REKAP_STATUS,
  RekapMeta,
  type RekapQuery,
  RekapRow,
  type RekapStatus,
  rekapResult,
} from '@ukt/core';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { readTogether } from '../../db/read-together';
import type { Database, UktTable } from '../../db/types';
import { kegiatanByIdQuery } from '../kegiatan/kegiatan.repository';
import { kegiatanMissing } from '../kegiatan/kegiatan.service';
import { listRekap } from '../siswa/siswa-rekap.repository';
import { aturanTerkiniQuery } from './aturan.repository';
import { aturanOf } from './aturan.service';
import type { BuildCache } from './build-cache';

// The recap of an event (DESIGN §10, docs/decisions/040): every participant, each component from
// the score records (unscored is null, never 0), and core's recap status: 'Mundur' for one who
// withdrew (docs/decisions/108), else the pass rule applied with the event's current rule version.
// The whole event is one query (and the rule another); the status filter, sorting and totals are
// done here on the rows.

/** A recap row with the region ids the exports group by. */
export interface RekapEntry extends RekapRow {
  id_ranting: number;
}

/** The recap of an event: the event, the rule applied, the rows (filtered, sorted) and the meta. */
export interface Rekap {
  kegiatan: Selectable<UktTable>;
  aturan: AturanLulus;
  rows: RekapEntry[];
  meta: RekapMeta;
}

const STATUS_ORDER = Object.fromEntries(REKAP_STATUS.map((s, i) => [s, i])) as Record<RekapStatus, number>;
const collator = new Intl.Collator('id', { sensitivity: 'base', numeric: true });

/** The order of the recap: by the chosen key (a missing final score always last), then by no_urut. */
function compareBy(urut: RekapQuery['urut'], arah: RekapQuery['arah']) {
  const sign = arah === 'turun' ? -1 : 1;
  const primary = (a: RekapEntry, b: RekapEntry): number => {
    switch (urut) {
      case 'no_urut':
        return sign * (a.no_urut - b.no_urut);
      case 'nama':
        return sign * collator.compare(a.nama, b.nama);
      case 'status':
        return sign * (STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
      case 'nilai_akhir':
        if (a.nilai_akhir === null || b.nilai_akhir === null) {
          return (a.nilai_akhir === null ? 1 : 0) - (b.nilai_akhir === null ? 1 : 0);
        }
        return sign * (a.nilai_akhir - b.nilai_akhir);
    }
  };
  return (a: RekapEntry, b: RekapEntry) => primary(a, b) || a.no_urut - b.no_urut;
}

/**
 * The recap of an organisation's event under the query's region and status filters, in its
 * order. Totals count every status under the region filters, whatever the status filter.
 */
export async function buildRekap(
  db: Kysely<Database>,
  idOrganisasi: number,
  idUkt: number,
  query: RekapQuery,
): Promise<Rekap> {
  // The event and its pass rule in one statement, then the rows at its belt level: two in all.
  const read = await readTogether(db, {
    kegiatan: kegiatanByIdQuery(db, idOrganisasi, idUkt),
    aturan: aturanTerkiniQuery(db, idUkt),
  });
  const [kegiatan] = read.kegiatan;
  const [stored] = read.aturan;
  if (!kegiatan) throw kegiatanMissing(idUkt);
  const siswa = await listRekap(db, idUkt, kegiatan.id_tingkat, query);
  const aturan = aturanOf(kegiatan.id_tingkat, stored);

  const total: RekapMeta['total'] = { Lulus: 0, 'Tidak Lulus': 0, 'Belum lengkap': 0 };
  let mundur = 0;
  const rows: RekapEntry[] = [];
  for (const s of siswa) {
    const nilai = {} as Record<KomponenKey, number | null>;
    for (const { key } of KOMPONEN) nilai[key] = s[key] === null ? null : Number(s[key]);
    const result = rekapResult(aturan.aturan, nilai, Boolean(s.mundur));
    if (result.status === 'Mundur') mundur++;
    else total[result.status]++;
    if (query.status !== 'semua' && result.status !== query.status) continue;
    rows.push({
      id_siswa: String(s.id_siswa),
      no_urut: s.no_urut,
      nama: s.nama,
      perwapus: s.perwapus,
      cabang: s.cabang,
      ranting: s.ranting,
      rayon: s.rayon,
      id_ranting: s.id_ranting,
      nilai,
      ...result,
    });
  }
  rows.sort(compareBy(query.urut, query.arah));

  const komponen = KOMPONEN.map((k) => k.key).filter((key) =>
    aturan.aturan.komponen.some((k) => k.key === key && k.bobot > 0),
  );
  return {
    kegiatan,
    aturan,
    rows,
    meta: { aturan_versi: aturan.versi, komponen, disahkan: kegiatan.disahkan_at !== null, total, mundur },
  };
}

/** The recap's answer as the route declares it: `{ success, data: rows, meta }`. */
export const RekapResult = z.object({ success: z.literal(true), data: z.array(RekapRow), meta: RekapMeta });

/**
 * The recap's answer as JSON text: built once for all the admins asking the same at once, and
 * reused until the event's data changes (docs/decisions/117). Validated and serialised once per
 * build, exactly as the route's serialiser did per request, so the text is the same.
 */
export function rekapJson(
  db: Kysely<Database>,
  cache: BuildCache,
  idOrganisasi: number,
  idUkt: number,
  query: RekapQuery,
): Promise<string> {
  const { id_perwapus, id_cabang, id_ranting, id_rayon, status, urut, arah } = query;
  const key = [
    'rekap',
    idOrganisasi,
    idUkt,
    id_perwapus,
    id_cabang,
    id_ranting,
    id_rayon,
    status,
    urut,
    arah,
  ];
  return cache.get(key.join('|'), idUkt, async () => {
    const { rows, meta } = await buildRekap(db, idOrganisasi, idUkt, query);
    return JSON.stringify(RekapResult.parse({ success: true, data: rows, meta }));
  });
}
