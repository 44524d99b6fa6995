import { gradeKeshan, type JawabanBody, type KeshanGrade, type Soal } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { notFound } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
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

/**
 * Grades KESHAN answers on the server and, in one transaction, stores the answer sheet (replacing
 * an earlier one) and nilai_kshan for that belt (docs/decisions/037). The key is read inside the
 * transaction, so a sheet and its grade always agree with the key a re-grading sees.
 */
export async function gradeAndSave(
  db: Kysely<Database>,
  writer: Writer,
  examiner: AuthPenguji,
  body: JawabanBody,
  now: string,
): Promise<KeshanGrade> {
  const nilaiKey = { id_siswa: body.id_siswa, id_ukt: body.id_ukt, id_tingkat: body.id_tingkat };
  await assertMayWriteNilai(db, examiner, nilaiKey, 'kshan');
  return writer.run(async (trx) => {
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
    await saveNilai(trx, examiner, nilaiKey, { nilai_kshan: grade.nilai }, now);
    return grade;
  });
}
