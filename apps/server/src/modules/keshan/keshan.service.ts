import { type AnswerLetter, gradeKeshan, type JawabanBody, type KeshanGrade, type Soal } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { notFound } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { writeNilai } from '../nilai/nilai.service';
import { listJawabanBenar, listSoal } from './keshan.repository';

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

/** Grades KESHAN answers on the server and saves nilai_kshan for that belt. */
export async function gradeAndSave(
  db: Kysely<Database>,
  writer: Writer,
  examiner: AuthPenguji,
  body: JawabanBody,
  now: string,
): Promise<KeshanGrade> {
  const keyRows = await listJawabanBenar(db, examiner.id_organisasi, body.id_tingkat);
  if (!keyRows.length) throw notFound(`Soal KESHAN untuk tingkat ${body.id_tingkat} belum tersedia.`);
  const key = new Map(keyRows.map((r) => [r.id_soal, r.jawaban_benar as AnswerLetter]));
  const grade = gradeKeshan(body.jawaban, key);
  const nilaiKey = { id_siswa: body.id_siswa, id_ukt: body.id_ukt, id_tingkat: body.id_tingkat };
  await writeNilai(db, writer, examiner, nilaiKey, 'kshan', { nilai_kshan: grade.nilai }, now);
  return grade;
}
