import { gradeKeshan, type JawabanBody, type KeshanGrade, type Soal } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { notFound } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import {
  type InlineIdempotency,
  type KeptAnswer,
  keepInlineAnswer,
  keptAnswer,
} from '../../plugins/idempotency';
import { assertMayWriteNilai, saveNilai } from '../nilai/nilai.service';
import { listJawabanBenar, listSoal } from './keshan.repository';
import { replaceJawabanSheet } from './keshan-jawaban.repository';
import { keyOf } from './keshan-regrade.service';

/** The question set of a belt, never with jawaban_benar (DESIGN §4). */
export async function soalForTingkat(
  db: Kysely<Database>,
  idOrganisasi: number,
  idTingkat: number,
): Promise<Soal[]> {
  const rows = await listSoal(db, idOrganisasi, idTingkat);
  if (!rows.length) throw notFound(`Soal KESHAN untuk tingkat ${idTingkat} belum tersedia.`);
  return rows.map((r) => ({ ...r, id_soal: String(r.id_soal) }));
}

/** A KESHAN sheet sent by an examiner, with the answer it gives and keeps for its Idempotency-Key. */
export interface KeshanWrite {
  examiner: AuthPenguji;
  body: JawabanBody;
  /** Now as ISO text (the record and its audit rows) and in ms (the key). */
  now: string;
  nowMs: number;
  /** The serialized success answer for a grade, kept for the key in the write's own commit. */
  answerOf: (grade: KeshanGrade) => string;
  idempotency: InlineIdempotency | undefined;
}

/**
 * Grades KESHAN answers on the server and, in one transaction and one commit, looks the
 * Idempotency-Key up, checks the examiner may write, stores the answer sheet (replacing an earlier
 * one) and nilai_kshan for that belt, and keeps the answer (docs/decisions/037, 116). The key is
 * read inside the transaction, so a sheet and its grade always agree with the key a re-grading
 * sees. Resolves with the key's kept answer for a repeat, else with the answer sent.
 */
export function gradeAndSave(writer: Writer, w: KeshanWrite): Promise<KeptAnswer & { replayed: boolean }> {
  const { examiner, body } = w;
  const nilaiKey = { id_siswa: body.id_siswa, id_ukt: body.id_ukt, id_tingkat: body.id_tingkat };
  return writer.run(async (trx) => {
    const kept = w.idempotency && (await keptAnswer(trx, w.idempotency, w.nowMs));
    if (kept) return { ...kept, replayed: true };
    await assertMayWriteNilai(trx, examiner, nilaiKey, 'kshan');
    const key = keyOf(await listJawabanBenar(trx, examiner.id_organisasi, body.id_tingkat, 'share'));
    if (!key.size) throw notFound(`Soal KESHAN untuk tingkat ${body.id_tingkat} belum tersedia.`);
    const grade = gradeKeshan(body.jawaban, key);
    // One answer per question of the belt, the last one sent winning as in the grading.
    const given = new Map(body.jawaban.filter((a) => key.has(a.id_soal)).map((a) => [a.id_soal, a.jawaban]));
    await replaceJawabanSheet(
      trx,
      nilaiKey,
      [...given].map(([id_soal, jawaban]) => ({ id_soal, jawaban })),
    );
    await saveNilai(trx, examiner, nilaiKey, { nilai_kshan: grade.nilai }, w.now);
    const answer = { status: 200, response: w.answerOf(grade) };
    if (w.idempotency) await keepInlineAnswer(trx, w.idempotency, answer, w.nowMs);
    return { ...answer, replayed: false };
  });
}
