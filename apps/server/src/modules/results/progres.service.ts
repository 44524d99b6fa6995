import {
  apiResult,
  type BelumQuery,
  type BelumRow,
  KOMPONEN,
  KOMPONEN_NILAI,
  type KomponenKey,
  komponenTingkat,
  type PageMeta,
  POSTS,
  Progres,
  postFlagField,
  SISWA_PAGE_SIZE,
} from '@ukt/core';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { readTogether } from '../../db/read-together';
import type { Database } from '../../db/types';
import type { AuthPenguji } from '../../plugins/context';
import { dinilaiPerPengujiQuery, firstScoredQuery } from '../audit/audit.repository';
import { kegiatanByIdQuery } from '../kegiatan/kegiatan.repository';
import { kegiatanMissing, requireKegiatan } from '../kegiatan/kegiatan.service';
import { pengujiReportsQuery } from '../penguji/penguji-tertunda.repository';
import {
  countBelum,
  diambilPerPengujiOf,
  type ExamAt,
  findBelumPage,
  POST_FLAGS,
  type PostFlagColumn,
  pesertaPosOf,
  postHoldersQuery,
} from '../siswa/siswa-progres.repository';
import { aturanTerkiniQuery } from './aturan.repository';
import { aturanOf } from './aturan.service';
import type { BuildCache } from './build-cache';

// The live progress of an event (DESIGN §10): per post and exam, not taken / taken / scored; per
// examiner, their takes, scores, last activity and what their phone still holds unsent.

/** Where each exam's scores of an event are (its field at its belt level) and its post, in KOMPONEN order. */
function examsOf(tingkatKegiatan: number): (ExamAt & { key: KomponenKey; label: string })[] {
  return KOMPONEN.map((k) => ({
    key: k.key,
    label: k.label,
    field: KOMPONEN_NILAI[k.key].field,
    tingkat: komponenTingkat(k.key, tingkatKegiatan),
    pos: KOMPONEN_NILAI[k.key].pos,
  }));
}

type Exam = ReturnType<typeof examsOf>[number];

const QUARTER = 15 * 60_000;
/** At most this many points a line: an event of several days gets longer intervals than 15 minutes. */
const MAX_TITIK = 96;

/**
 * From the first score time of every scored (participant, field, level): who has any score, who
 * has every counted exam, and per post how many were complete at it by the end of each interval
 * (a participant is complete at a post when each counted exam of the post has its first score).
 */
function completeness(
  exams: Exam[],
  countedExams: Exam[],
  firsts: { id_siswa: number; field: string; id_tingkat: number; at: string | null }[],
) {
  const pair = (field: string, tingkat: number) => `${field} ${tingkat}`;
  const examsAt = new Map<string, Exam[]>();
  for (const e of exams)
    examsAt.set(pair(e.field, e.tingkat), [...(examsAt.get(pair(e.field, e.tingkat)) ?? []), e]);
  // Per participant: each exam's first score time.
  const bySiswa = new Map<number, Map<KomponenKey, number>>();
  for (const f of firsts) {
    const at = Date.parse(String(f.at));
    for (const e of examsAt.get(pair(f.field, Number(f.id_tingkat))) ?? []) {
      const times = bySiswa.get(Number(f.id_siswa)) ?? new Map<KomponenKey, number>();
      times.set(e.key, at);
      bySiswa.set(Number(f.id_siswa), times);
    }
  }
  const doneAt = (times: Map<KomponenKey, number>, of: Exam[]) =>
    of.every((e) => times.has(e.key)) ? Math.max(...of.map((e) => times.get(e.key) ?? 0)) : null;
  const all = [...bySiswa.values()];
  const lines = POSTS.map((p) => {
    const of = countedExams.filter((e) => e.pos === postFlagField(p.id));
    const times = of.length
      ? all.map((t) => doneAt(t, of)).filter((t): t is number => t !== null && Number.isFinite(t))
      : [];
    return { pos: p.id, nama: p.nama, of, times: times.sort((a, b) => a - b) };
  }).filter((l) => l.of.length > 0);
  const every = lines.flatMap((l) => l.times);
  const first = Math.min(...every);
  const last = Math.max(...every);
  const span = every.length ? last - first : 0;
  const step = QUARTER * Math.max(1, Math.ceil(span / QUARTER / MAX_TITIK));
  const start = Math.floor(first / QUARTER) * QUARTER;
  // Interval ends from the first one past the first completion to the first one past the last.
  const ends: number[] = [];
  if (every.length) for (let t = start + step; t - step <= last; t += step) ends.push(t);
  return {
    adaNilai: bySiswa.size,
    lengkap: all.filter((t) => countedExams.length > 0 && doneAt(t, countedExams) !== null).length,
    menit: step / 60_000,
    lini: lines.map((l) => ({
      pos: l.pos,
      nama: l.nama,
      titik: ends.map((end) => ({
        at: new Date(end).toISOString(),
        lengkap: l.times.filter((t) => t < end).length,
      })),
    })),
  };
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a > b ? a : b);

/** The score fields of every exam: the progress page's queries match them loosely (any belt level). */
const EXAM_FIELDS = [...new Set(KOMPONEN.map((k) => KOMPONEN_NILAI[k.key].field))];

/** Per exam (field and belt level): how many participants were scored, and how many of those are taken at each post. */
function dinilaiOf(
  firsts: (Record<PostFlagColumn, number | null> & { field: string; id_tingkat: number })[],
) {
  const out = new Map<string, { dinilai: number; taken: Record<PostFlagColumn, number> }>();
  for (const f of firsts) {
    const key = `${f.field} ${Number(f.id_tingkat)}`;
    let entry = out.get(key);
    if (!entry) {
      entry = {
        dinilai: 0,
        taken: Object.fromEntries(POST_FLAGS.map((p) => [p, 0])) as Record<PostFlagColumn, number>,
      };
      out.set(key, entry);
    }
    entry.dinilai++;
    for (const p of POST_FLAGS) if (f[p] !== null) entry.taken[p]++;
  }
  return out;
}

/** The progress of an event: per post and exam, per examiner, the phones' unsent writes, ratified or not. */
export async function getProgres(db: Kysely<Database>, admin: AuthPenguji, idUkt: number): Promise<Progres> {
  // Two statements on PostgreSQL, side by side (docs/decisions/117, 119): the event, its pass rule
  // and every count read together, and the first score times as rows. Both match the score fields
  // of any belt level; the event's exact (field, level) pairs are kept here, once its level is known.
  const [read, allFirsts] = await Promise.all([
    readTogether(db, {
      kegiatan: kegiatanByIdQuery(db, admin.id_organisasi, idUkt),
      aturan: aturanTerkiniQuery(db, idUkt),
      holders: postHoldersQuery(db, idUkt),
      written: dinilaiPerPengujiQuery(db, idUkt, EXAM_FIELDS),
      penguji: pengujiReportsQuery(db, admin.id_organisasi),
    }),
    firstScoredQuery(db, idUkt, EXAM_FIELDS).execute(),
  ]);
  const [kegiatan] = read.kegiatan;
  if (!kegiatan) throw kegiatanMissing(idUkt);
  const exams = examsOf(kegiatan.id_tingkat);
  const isExam = (field: string, tingkat: number | string) =>
    exams.some((e) => e.field === field && e.tingkat === Number(tingkat));
  const firsts = allFirsts.filter((f) => isExam(f.field, f.id_tingkat));
  const peserta = pesertaPosOf(read.holders);
  const diambilPerPenguji = diambilPerPengujiOf(read.holders);
  const dinilai = dinilaiOf(firsts);
  const counted = new Set<string>(
    aturanOf(kegiatan.id_tingkat, read.aturan[0]).aturan.komponen.map((k) => k.key),
  );
  const lengkap = completeness(
    exams,
    exams.filter((e) => counted.has(e.key)),
    firsts,
  );

  const pos = POSTS.map((p) => ({
    pos: p.id,
    nama: p.nama,
    ujian: exams.flatMap((exam) => {
      if (exam.pos !== postFlagField(p.id)) return [];
      const scored = dinilai.get(`${exam.field} ${exam.tingkat}`);
      const scoredCount = scored?.dinilai ?? 0;
      // Taken at the post but without this exam's score; a score without a take counts as scored.
      const takenOnly = peserta.taken[exam.pos] - (scored?.taken[exam.pos] ?? 0);
      return [
        {
          key: exam.key,
          label: exam.label,
          belum_diambil: peserta.total - scoredCount - takenOnly,
          diambil: takenOnly,
          dinilai: scoredCount,
        },
      ];
    }),
  }));

  // Per examiner: the exam scores they wrote (exact field and level pairs) and their latest one.
  const perPenguji = new Map<number, { dinilai: number; terakhir: string | null }>();
  for (const w of read.written) {
    if (!isExam(w.field, w.id_tingkat)) continue;
    const id = Number(w.id_pemilih);
    const entry = perPenguji.get(id) ?? { dinilai: 0, terakhir: null };
    entry.dinilai += Number(w.n);
    entry.terakhir = later(entry.terakhir, w.at === null ? null : String(w.at));
    perPenguji.set(id, entry);
  }
  const ids = new Set([...diambilPerPenguji.keys(), ...perPenguji.keys()]);
  // Who took or scored here, and who else's phone reported for this event.
  const names = new Map(read.penguji.map((p) => [Number(p.id_pemilih), p.nama]));
  const reportOf = new Map(
    read.penguji
      .filter((p) => p.at !== null)
      .map((p) => [
        Number(p.id_pemilih),
        {
          id_ukt: p.id_ukt === null ? null : Number(p.id_ukt),
          jumlah: Number(p.jumlah),
          ditolak: Number(p.ditolak),
          at: String(p.at),
        },
      ]),
  );
  for (const [id, report] of reportOf) if (report.id_ukt === idUkt) ids.add(id);
  const penguji: Progres['penguji'] = [...ids].map((id) => {
    const report = reportOf.get(id);
    // A report naming this event says the phone was in use for it then.
    const seen = report?.id_ukt === idUkt ? report.at : null;
    return {
      id_pemilih: String(id),
      nama: names.get(id) ?? `penguji ${id}`,
      diambil: diambilPerPenguji.get(id) ?? 0,
      dinilai: perPenguji.get(id)?.dinilai ?? 0,
      aktivitas_terakhir: later(perPenguji.get(id)?.terakhir ?? null, seen),
      tertunda: report?.jumlah ?? 0,
      tertunda_dilaporkan: report?.at ?? null,
      ditolak: report?.ditolak ?? 0,
    };
  });
  penguji.sort((a, b) => a.nama.localeCompare(b.nama, 'id') || Number(a.id_pemilih) - Number(b.id_pemilih));
  const holding = penguji.filter((p) => p.tertunda > 0);

  return {
    id_ukt: String(idUkt),
    total_peserta: peserta.total,
    peserta_lengkap: lengkap.lengkap,
    peserta_ada_nilai: lengkap.adaNilai,
    menit_per_titik: lengkap.menit,
    lini_waktu: lengkap.lini,
    pos,
    penguji,
    tertunda: { hp: holding.length, nilai: holding.reduce((sum, p) => sum + p.tertunda, 0) },
    disahkan: kegiatan.disahkan_at !== null,
  };
}

const ProgresResult = apiResult(Progres);

/**
 * The progress page's answer as JSON text: built once for all the admins polling it at once and
 * reused until the event's data changes (docs/decisions/117); validated and serialised once per
 * build, as the route's serialiser did per request.
 */
export function progresJson(
  db: Kysely<Database>,
  cache: BuildCache,
  admin: AuthPenguji,
  idUkt: number,
): Promise<string> {
  return cache.get(`progres|${admin.id_organisasi}|${idUkt}`, idUkt, async () =>
    JSON.stringify(ProgresResult.parse({ success: true, data: await getProgres(db, admin, idUkt) })),
  );
}

/** A page of the participants still lacking an exam (20 by no_urut), with region filters. */
export async function listBelum(
  db: Kysely<Database>,
  admin: AuthPenguji,
  idUkt: number,
  query: z.output<typeof BelumQuery>,
): Promise<{ data: BelumRow[]; meta: PageMeta }> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  const filter = {
    idUkt,
    written: examsOf(kegiatan.id_tingkat).find((e) => e.key === query.ujian) as ExamAt,
    pos: KOMPONEN_NILAI[query.ujian].pos,
    id_perwapus: query.id_perwapus,
    id_cabang: query.id_cabang,
    id_ranting: query.id_ranting,
    id_rayon: query.id_rayon,
  };
  const [rows, total] = await Promise.all([findBelumPage(db, filter, query.hal), countBelum(db, filter)]);
  return {
    data: rows.map((r) => ({
      id_siswa: String(r.id_siswa),
      no_urut: r.no_urut,
      nama: r.nama,
      ranting: r.ranting,
      rayon: r.rayon,
      diambil_oleh: r.holder === null ? null : (r.holder_nama ?? `penguji ${r.holder}`),
    })),
    meta: {
      hal: query.hal,
      per_page: SISWA_PAGE_SIZE,
      total,
      total_pages: Math.ceil(total / SISWA_PAGE_SIZE),
    },
  };
}
