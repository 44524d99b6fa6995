import {
  API,
  FISIK_EXERCISES,
  type FisikId,
  fisikConverted,
  KOMPONEN_NILAI,
  type KomponenKey,
  KSHAN_TINGKAT,
  MFT_LEVELS,
} from '@ukt/core';
import { expect } from 'vitest';
import { api, type TestApp } from './app';

// Scores written the way the examiner app writes them (NilaiSiswa, nilaifisiksiswa, keshan/jawaban),
// for the recap and export tests.

/** The physical readings of one phone payload (fixed raw values and core's conversions). */
export const FISIK_READINGS = {
  nilai_mft: '5.2',
  nilai_mft2: fisikConverted(1, '5.2'),
  nilai_pushup: 30,
  nilai_pushup2: fisikConverted(2, 30),
  nilai_sperperut_atas: 25,
  nilai_sperperut_atas2: fisikConverted(3, 25),
  nilai_sperperut_bawah: 50,
  nilai_sperperut_bawah2: fisikConverted(4, 50),
  nilai_plank: 120,
  nilai_plank2: fisikConverted(5, 120),
};

/** A physical payload for a participant of event 1 (belt 1), as the phone posts it. */
export function fisikPayload(idSiswa: number) {
  return { id_siswa: idSiswa, id_ukt: 1, id_tingkat: 1, ...FISIK_READINGS };
}

/** Scores of every component of belt 1's default rule: a participant who passes. */
export const LULUS_SCORES: Partial<Record<KomponenKey, number>> = {
  keshan: 85,
  kshan: 80,
  jurus: 75,
  senam: 72,
  belati: 70,
  pasang: 78,
  toyak_senam: 65,
  toyak_jurus: 66,
  kripen: 70,
  fisik: 70,
  sambung: 75,
};

/**
 * Every component 50 and KESHAN 0, SENAM written first: SENAM creates the record (nilai_kshan 0 by
 * default), then KESHAN is an answer sheet without a right answer. A participant who fails.
 */
export const TIDAK_LULUS_SCORES: Partial<Record<KomponenKey, number>> = {
  senam: 50,
  keshan: 0,
  kshan: 50,
  jurus: 50,
  belati: 50,
  pasang: 50,
  toyak_senam: 50,
  toyak_jurus: 50,
  kripen: 50,
  fisik: 50,
  sambung: 50,
};

/** Raw physical values whose average is `target` (a multiple of 0.5): MFT 40, plank 40, reps for the rest. */
function fisikBody(target: number) {
  const reps = (5 * target - 80) / 2.5;
  const a = Math.floor(reps / 3);
  const raw: Record<string, string | number> = {
    nilai_mft: MFT_LEVELS[24] as string,
    nilai_pushup: reps - 2 * a,
    nilai_sperperut_atas: a,
    nilai_sperperut_bawah: a,
    nilai_plank: 50,
  };
  const body: Record<string, string | number> = { ...raw };
  for (const e of FISIK_EXERCISES)
    body[`${e.field}2`] = fisikConverted(e.id_fisik as FisikId, raw[e.field] as string);
  return body;
}

/** The answer sheet of a KESHAN test with `benar` right answers (the rest wrong), from the stored key. */
async function keshanSheet(t: TestApp, tingkat: number, benar: number) {
  const key = await t.app.db
    .selectFrom('soal')
    .select(['id_soal', 'jawaban_benar'])
    .where('id_organisasi', '=', 1)
    .where('id_tingkat', '=', tingkat)
    .orderBy('no')
    .execute();
  return key.map((q, i) => ({
    id_soal: q.id_soal,
    jawaban: i < benar ? q.jawaban_benar : q.jawaban_benar === 'a' ? 'b' : 'a',
  }));
}

/**
 * Writes a participant's scores through the examiner API, component by component in the given
 * order: KESHAN as an answer sheet graded by the server (a multiple of 5), FISIK as a physical
 * payload, the others as NilaiSiswa groups (row scores 50–80 plus a bonus above 80).
 */
export async function writeScores(
  t: TestApp,
  token: string,
  idUkt: number,
  tingkat: number,
  idSiswa: number,
  scores: Partial<Record<KomponenKey, number>>,
): Promise<void> {
  const base = { id_siswa: idSiswa, id_ukt: idUkt, id_tingkat: tingkat };
  for (const [key, value] of Object.entries(scores) as [KomponenKey, number][]) {
    let res: Awaited<ReturnType<typeof api>>;
    if (key === 'keshan') {
      const jawaban = await keshanSheet(t, tingkat, value / 5);
      res = await api(t, token, 'POST', API.keshanJawaban.href(), { ...base, jawaban });
    } else if (key === 'fisik') {
      res = await api(t, token, 'POST', API.nilaiFisik.href(), { ...base, ...fisikBody(value) });
    } else {
      const { field } = KOMPONEN_NILAI[key];
      const plus = key === 'sambung' || key === 'kshan' ? {} : { [`${field}_plus`]: Math.max(0, value - 80) };
      const id_tingkat = key === 'kshan' ? KSHAN_TINGKAT : tingkat;
      res = await api(t, token, 'POST', API.nilai.href(), { ...base, id_tingkat, [field]: value, ...plus });
    }
    expect(res.statusCode, `${key} ${value}: ${res.body}`).toBe(200);
  }
}

/**
 * The paper fixture of event 1 (belt 1): participant 1 passes, 2 fails, 3 is incomplete (SENAM and
 * SAMBUNG only), and the committee corrects participant 1's FISIK to 68.5 with a reason.
 */
export async function scorePaperFixture(t: TestApp, admin: string): Promise<void> {
  await writeScores(t, admin, 1, 1, 1, LULUS_SCORES);
  await writeScores(t, admin, 1, 1, 2, TIDAK_LULUS_SCORES);
  await writeScores(t, admin, 1, 1, 3, { senam: 60, sambung: 65 });
  const koreksi = await api(t, admin, 'POST', API.panitia.koreksi.href(1), {
    id_siswa: 1,
    komponen: 'fisik',
    nilai: 68.5,
    alasan: 'Hitungan push up dikoreksi',
  });
  expect(koreksi.statusCode, koreksi.body).toBe(200);
}
