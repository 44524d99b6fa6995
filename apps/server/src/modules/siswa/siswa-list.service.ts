import {
  dinilaiOf,
  KOMPONEN_NILAI,
  komponenTingkat,
  PageMeta,
  type Post,
  postFlagField,
  SISWA_PAGE_SIZE,
  type SiswaQuery,
  SiswaRow,
} from '@ukt/core';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import { TaggedCache } from '../../lib/tagged-cache';
import type { AuthPenguji } from '../../plugins/context';
import { listWrittenFields } from '../audit/audit.repository';
import { listVersionTag } from '../kegiatan/kegiatan.repository';
import { kegiatanMissing } from '../kegiatan/kegiatan.service';
import {
  countSiswa,
  findPostFlags,
  findSiswaPageIds,
  findSiswaRows,
  type SiswaFilter,
} from './siswa.repository';
import { scopedFilter } from './siswa.service';

/** The answer of GET /DataSiswa/siswa (DESIGN §4). */
export const SiswaListResult = z.object({
  success: z.literal(true),
  data: z.array(SiswaRow),
  meta: PageMeta,
});

/**
 * Which participants a page holds, how many match the filters, and what of them changes only
 * with the roster (names, regions), by no_urut.
 */
interface Page {
  ids: number[];
  total: number;
  rows: Awaited<ReturnType<typeof findSiswaRows>>;
}

/**
 * The list caches of one process (docs/decisions/015): pages (membership and the rows' names and
 * regions) per roster version, and each examiner's finished answer per roster, flags and scores
 * version. A take or a score write therefore costs the next reader only the page's flags and marks.
 */
export interface SiswaListCaches {
  pages: TaggedCache<Page>;
  answers: TaggedCache<string>;
}

/** Fresh, empty list caches. */
export function createListCaches(): SiswaListCaches {
  return { pages: new TaggedCache(5_000), answers: new TaggedCache(5_000) };
}

const pageKey = (f: SiswaFilter, hal: number) =>
  [
    f.id_ukt,
    f.id_perwapus,
    f.id_cabang,
    f.id_ranting,
    f.id_rayon,
    hal,
    f.cari,
    f.belum?.field,
    f.belum?.tingkat,
  ].join('|');

/** Every score field the marks read. */
export const MARK_FIELDS = [...new Set(Object.values(KOMPONEN_NILAI).map((k) => k.field))];

/** Per participant, the exams they have a score for (the picker's to-do marks). */
export async function dinilaiBySiswa(
  db: Kysely<Database>,
  idUkt: number,
  tingkat: number,
  ids?: number[],
): Promise<Map<number, ReturnType<typeof dinilaiOf>>> {
  const written = new Map<number, { field: string; id_tingkat: number }[]>();
  for (const w of await listWrittenFields(db, idUkt, MARK_FIELDS, ids)) {
    const id = Number(w.id_siswa);
    const list = written.get(id) ?? [];
    list.push({ field: w.field, id_tingkat: Number(w.id_tingkat) });
    written.set(id, list);
  }
  return new Map([...written].map(([id, fields]) => [id, dinilaiOf(fields, tingkat)]));
}
const str = (v: number | null) => (v === null ? null : String(v));

async function buildAnswer(
  db: Kysely<Database>,
  page: Page,
  examiner: AuthPenguji,
  query: SiswaQuery,
  tingkat: number,
): Promise<string> {
  const flags = new Map((await findPostFlags(db, page.ids)).map((f) => [Number(f.id_siswa), f]));
  const dinilai = await dinilaiBySiswa(db, query.id_ukt, tingkat, page.ids);
  const flag = postFlagField(query.posUjian as Post);
  const data = page.rows.flatMap((r) => {
    const f = flags.get(Number(r.id_siswa));
    // Gone since the page was read: only a roster change removes a participant, and it renews the page.
    if (!f) return [];
    return [
      {
        id_siswa: String(r.id_siswa),
        no_urut: String(r.no_urut),
        nama: r.nama,
        cabang: r.cabang,
        provinsi: r.provinsi,
        nama_ranting: r.nama_ranting,
        nama_rayon: r.nama_rayon,
        sudah_keshan: str(f.sudah_keshan),
        sudah_tes: str(f.sudah_tes),
        sudah_fisik: str(f.sudah_fisik),
        sudah_sambung: str(f.sudah_sambung),
        sudah_ujian: f[flag] !== null && f[flag] !== examiner.id_pemilih ? 1 : 0,
        dinilai: dinilai.get(r.id_siswa) ?? [],
      },
    ];
  });
  const meta = {
    hal: query.hal,
    per_page: SISWA_PAGE_SIZE,
    total: page.total,
    total_pages: Math.ceil(page.total / SISWA_PAGE_SIZE),
  };
  // Validated once here, then served as it is while nothing it shows has changed.
  return JSON.stringify(SiswaListResult.parse({ success: true, data, meta }));
}

/**
 * A page of the participant list as JSON: 20 rows by no_urut with paging facts and each row's
 * scored exams, limited to the examiner's scope; with `belum_dinilai`, only those still without a
 * score for that exam. Reused while neither the roster nor the event's post flags or scores changed.
 */
export async function listSiswaJson(
  db: Kysely<Database>,
  caches: SiswaListCaches,
  examiner: AuthPenguji,
  query: SiswaQuery,
): Promise<string> {
  // Read before the data, so whatever is cached under this tag is at least this new.
  const tag = await listVersionTag(db, examiner.id_organisasi, query.id_ukt);
  if (!tag) throw kegiatanMissing(query.id_ukt);
  const belum = query.belum_dinilai;
  const filter: SiswaFilter = {
    ...scopedFilter(examiner, query),
    belum: belum && {
      field: KOMPONEN_NILAI[belum].field,
      tingkat: komponenTingkat(belum, tag.tingkat),
    },
  };
  const key = pageKey(filter, query.hal);
  return caches.answers.getOrLoad(`${examiner.id_pemilih}|${query.posUjian}|${key}`, tag.rows, async () => {
    const page = await caches.pages.getOrLoad(key, belum ? tag.belum : tag.roster, async () => {
      const ids = await findSiswaPageIds(db, filter, query.hal);
      return { ids, total: await countSiswa(db, filter), rows: await findSiswaRows(db, ids) };
    });
    return buildAnswer(db, page, examiner, query, tag.tingkat);
  });
}
