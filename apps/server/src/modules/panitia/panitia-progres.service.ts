import {
  type BelumQuery,
  type BelumRow,
  KOMPONEN,
  KOMPONEN_NILAI,
  type KomponenKey,
  komponenTingkat,
  type PageMeta,
  POSTS,
  type Progres,
  postFlagField,
  SISWA_PAGE_SIZE,
} from '@ukt/core';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types';
import type { AuthPenguji } from '../../plugins/context';
import { requireKegiatan } from '../siswa/siswa.service';
import {
  countBelum,
  countDiambilPerPenguji,
  countDinilai,
  countDinilaiPerPenguji,
  countPesertaPos,
  type ExamAt,
  findBelumPage,
  listTertunda,
} from './panitia-progres.repository';
import { listPengujiNames } from './panitia-siswa.repository';

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

const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a > b ? a : b);

/** The progress of an event: per post and exam, per examiner, the phones' unsent writes, ratified or not. */
export async function getProgres(db: Kysely<Database>, admin: AuthPenguji, idUkt: number): Promise<Progres> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  const exams = examsOf(kegiatan.id_tingkat);
  const [peserta, dinilai, diambilPerPenguji, written] = await Promise.all([
    countPesertaPos(db, idUkt),
    countDinilai(db, idUkt, exams),
    countDiambilPerPenguji(db, idUkt),
    countDinilaiPerPenguji(db, idUkt, exams),
  ]);

  const pos = POSTS.map((p) => ({
    pos: p.id,
    nama: p.nama,
    ujian: exams.flatMap((exam) => {
      if (exam.pos !== postFlagField(p.id)) return [];
      const scored = dinilai.find((d) => d.field === exam.field && d.tingkat === exam.tingkat);
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
  for (const w of written) {
    if (!exams.some((e) => e.field === w.field && e.tingkat === w.tingkat)) continue;
    const entry = perPenguji.get(w.id_pemilih) ?? { dinilai: 0, terakhir: null };
    entry.dinilai += w.dinilai;
    entry.terakhir = later(entry.terakhir, w.at);
    perPenguji.set(w.id_pemilih, entry);
  }
  const ids = new Set([...diambilPerPenguji.keys(), ...perPenguji.keys()]);
  const reports = await listTertunda(db, idUkt, [...ids]);
  for (const r of reports) if (r.id_ukt === idUkt) ids.add(r.id_pemilih);
  const names = new Map((await listPengujiNames(db, [...ids])).map((p) => [p.id_pemilih, p.nama]));
  const reportOf = new Map(reports.map((r) => [r.id_pemilih, r]));
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
    };
  });
  penguji.sort((a, b) => a.nama.localeCompare(b.nama, 'id') || Number(a.id_pemilih) - Number(b.id_pemilih));
  const holding = penguji.filter((p) => p.tertunda > 0);

  return {
    id_ukt: String(idUkt),
    total_peserta: peserta.total,
    pos,
    penguji,
    tertunda: { hp: holding.length, nilai: holding.reduce((sum, p) => sum + p.tertunda, 0) },
    disahkan: kegiatan.disahkan_at !== null,
  };
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
