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
