import {
  dinilaiOf,
  KOMPONEN_NILAI,
  komponenTingkat,
  PageMeta,
  type Post,
  type PostAt,
  postFlagField,
  SISWA_PAGE_SIZE,
  type SiswaQuery,
  SiswaRow,
} from '@ukt/core';
import { type Kysely, PostgresAdapter } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import { TaggedCache } from '../../lib/tagged-cache';
import type { AuthPenguji } from '../../plugins/context';
import { listWrittenFields } from '../audit/audit.repository';
import { kegiatanMissing } from '../kegiatan/kegiatan.service';
import { assertInTugas } from '../kegiatan/penugasan.service';
import {
  countSiswa,
  findPostFlags,
  findSiswaPageIds,
  findSiswaRows,
  type SiswaFilter,
} from './siswa.repository';
import { scopedFilter } from './siswa.service';
import { type FlagTuple, listStatePg, listVersionTag } from './siswa-list.repository';

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
  /** Each event's belt level as last read: a list query's page key depends on it. */
  tingkat: Map<number, number>;
}

/** Fresh, empty list caches. */
export function createListCaches(): SiswaListCaches {
  return { pages: new TaggedCache(5_000), answers: new TaggedCache(5_000), tingkat: new Map() };
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
  const rows = await listWrittenFields(db, idUkt, MARK_FIELDS, ids);
  return marksOf(
    rows.map((w) => [Number(w.id_siswa), w.field, Number(w.id_tingkat)]),
    tingkat,
  );
}

/** The marks of written (participant, field, level) triples. */
function marksOf(written: [number, string, number][], tingkat: number) {
  const byId = new Map<number, { field: string; id_tingkat: number }[]>();
  for (const [id, field, level] of written) {
    const list = byId.get(id) ?? [];
    list.push({ field, id_tingkat: level });
    byId.set(id, list);
  }
  return new Map([...byId].map(([id, fields]) => [id, dinilaiOf(fields, tingkat)]));
}

const str = (v: number | null) => (v === null ? null : String(v));

async function buildAnswer(
  db: Kysely<Database>,
  page: Page,
  examiner: AuthPenguji,
  query: SiswaQuery,
  tingkat: number,
): Promise<string> {
  const flags: FlagTuple[] = (await findPostFlags(db, page.ids)).map((f) => [
    Number(f.id_siswa),
    f.sudah_keshan,
    f.sudah_tes,
    f.sudah_fisik,
    f.sudah_sambung,
  ]);
  const written = await listWrittenFields(db, query.id_ukt, MARK_FIELDS, page.ids);
  return answerOf(
    page,
    flags,
    written.map((w) => [Number(w.id_siswa), w.field, Number(w.id_tingkat)]),
    examiner,
    query,
    tingkat,
  );
}

/** The list answer of a page from its participants' post flags and written marks. */
function answerOf(
  page: Page,
  flagRows: FlagTuple[],
  written: [number, string, number][],
  examiner: AuthPenguji,
  query: SiswaQuery,
  tingkat: number,
): string {
  const flags = new Map(flagRows.map((f) => [Number(f[0]), f]));
  const dinilai = marksOf(written, tingkat);
  const at = FLAG_INDEX[postFlagField(query.posUjian as Post)];
  const data = page.rows.flatMap((r) => {
    const f = flags.get(Number(r.id_siswa));
    // Gone since the page was read: only a roster change removes a participant, and it renews the page.
    if (!f) return [];
    const holder = f[at];
    return [
      {
        id_siswa: String(r.id_siswa),
        no_urut: String(r.no_urut),
        nama: r.nama,
        cabang: r.cabang,
        provinsi: r.provinsi,
        nama_ranting: r.ranting,
        nama_rayon: r.rayon,
        sudah_keshan: str(f[1]),
        sudah_tes: str(f[2]),
        sudah_fisik: str(f[3]),
        sudah_sambung: str(f[4]),
        sudah_ujian: holder !== null && holder !== examiner.id_pemilih ? 1 : 0,
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

/** Where each post's holder sits in a FlagTuple. */
const FLAG_INDEX = { sudah_keshan: 1, sudah_tes: 2, sudah_fisik: 3, sudah_sambung: 4 } as const;

/**
 * A page of the participant list as JSON: 20 rows by no_urut with paging facts and each row's
 * scored exams, limited to the examiner's scope; with `belum_dinilai`, only those still without a
 * score for that exam. Reused while neither the roster nor the event's post flags or scores changed.
 * 403 outside the examiner's assignment: the event, and the post when one is asked.
 */
export async function listSiswaJson(
  db: Kysely<Database>,
  caches: SiswaListCaches,
  examiner: AuthPenguji,
  query: SiswaQuery,
): Promise<string> {
  assertInTugas(examiner, query.id_ukt, query.posUjian === 0 ? undefined : (query.posUjian as PostAt));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const answer = await listInOneStatement(db, caches, examiner, query);
    if (answer !== undefined) return answer;
  }
  // Read before the data, so whatever is cached under this tag is at least this new.
  const tag = await listVersionTag(db, examiner.id_organisasi, query.id_ukt);
  if (!tag) throw kegiatanMissing(query.id_ukt);
  caches.tingkat.set(query.id_ukt, tag.tingkat);
  const filter = filterOf(examiner, query, tag.tingkat);
  const key = pageKey(filter, query.hal);
  return caches.answers.getOrLoad(answerKey(examiner, query, key), tag.rows, async () => {
    const page = await caches.pages.getOrLoad(key, filter.belum ? tag.belum : tag.roster, async () => {
      const ids = await findSiswaPageIds(db, filter, query.hal);
      return { ids, total: await countSiswa(db, filter), rows: await findSiswaRows(db, ids) };
    });
    return buildAnswer(db, page, examiner, query, tag.tingkat);
  });
}

/** The examiner's filter of a list query, the 'Belum dinilai' exam at the event's belt level. */
function filterOf(examiner: AuthPenguji, query: SiswaQuery, tingkat: number): SiswaFilter {
  const belum = query.belum_dinilai;
  return {
    ...scopedFilter(examiner, query),
    belum: belum && { field: KOMPONEN_NILAI[belum].field, tingkat: komponenTingkat(belum, tingkat) },
  };
}

/** How long a PostgreSQL list answer is served on its tag alone. */
const ANSWER_MAX_AGE_MS = 1_000;

const answerKey = (examiner: AuthPenguji, query: SiswaQuery, key: string) =>
  `${examiner.id_pemilih}|${query.posUjian}|${key}`;

/**
 * PostgreSQL: the list in one statement (docs/decisions/118) when this process already holds the
 * page — its participants by the current roster — and knows the event's belt level: the statement
 * checks the versions and, only when the cached answer is stale, brings the page's flags and
 * marks with it. Undefined when the page must be read first (the other path, a few statements).
 */
async function listInOneStatement(
  db: Kysely<Database>,
  caches: SiswaListCaches,
  examiner: AuthPenguji,
  query: SiswaQuery,
): Promise<string | undefined> {
  const tingkat = caches.tingkat.get(query.id_ukt);
  if (tingkat === undefined) return undefined;
  const filter = filterOf(examiner, query, tingkat);
  const key = pageKey(filter, query.hal);
  const page = caches.pages.peek(key);
  if (!page) return undefined;
  const akey = answerKey(examiner, query, key);
  const peeked = caches.answers.peek(akey);
  // A version may be joined by a slower commit without moving (docs/decisions/118): an answer
  // older than this is refreshed whatever its tag says.
  const cached = peeked && Date.now() - peeked.at < ANSWER_MAX_AGE_MS ? peeked : undefined;
  const state = await listStatePg(
    db,
    examiner.id_organisasi,
    query.id_ukt,
    page.value.ids,
    MARK_FIELDS,
    cached?.tag ?? '',
  );
  const tag = state.tag;
  if (!tag) throw kegiatanMissing(query.id_ukt);
  if (tag.tingkat !== tingkat) return undefined;
  if (cached && cached.tag === tag.rows) return caches.answers.get(akey, tag.rows) ?? cached.value;
  if (page.tag !== (filter.belum ? tag.belum : tag.roster)) return undefined;
  const answer = answerOf(page.value, state.flags ?? [], state.written ?? [], examiner, query, tingkat);
  caches.answers.set(akey, tag.rows, answer);
  return answer;
}
