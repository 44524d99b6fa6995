import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose sheet: a participant's KESHAN test at a belt in an event. */
export interface SheetKey {
  id_ukt: number;
  id_siswa: number;
  id_tingkat: number;
}

/** One answer of a sheet; jawaban null when the question was left blank. */
export interface SheetAnswer {
  id_soal: number;
  jawaban: string | null;
}

/** Stores a KESHAN answer sheet, replacing the one sent before for the same key. */
export async function replaceJawabanSheet(
  trx: Transaction<Database>,
  key: SheetKey,
  answers: SheetAnswer[],
): Promise<void> {
  await trx
    .deleteFrom('keshan_jawaban')
    .where('id_ukt', '=', key.id_ukt)
    .where('id_siswa', '=', key.id_siswa)
    .where('id_tingkat', '=', key.id_tingkat)
    .execute();
  if (answers.length)
    await trx
      .insertInto('keshan_jawaban')
      .values(answers.map((a) => ({ ...key, ...a })))
      .execute();
}

/**
 * The sheets of an organisation's events at a belt that answered (not left blank) one of the
 * given questions: the only sheets whose grade a change of those questions' keys can move.
 */
export function listSheetsAnswering(db: Db, idOrganisasi: number, idTingkat: number, idSoal: number[]) {
  return db
    .selectFrom('keshan_jawaban')
    .innerJoin('ukt', 'ukt.id_ukt', 'keshan_jawaban.id_ukt')
    .select(['keshan_jawaban.id_ukt', 'keshan_jawaban.id_siswa'])
    .distinct()
    .where('ukt.id_organisasi', '=', idOrganisasi)
    .where('keshan_jawaban.id_tingkat', '=', idTingkat)
    .where('keshan_jawaban.id_soal', 'in', idSoal.length ? idSoal : [-1])
    .where('keshan_jawaban.jawaban', 'is not', null)
    .orderBy('keshan_jawaban.id_ukt')
    .orderBy('keshan_jawaban.id_siswa')
    .execute();
}

/** Every answer of some participants' sheets at a belt in one event. */
export function listSheetAnswers(db: Db, idUkt: number, idTingkat: number, idSiswa: number[]) {
  return db
    .selectFrom('keshan_jawaban')
    .select(['id_siswa', 'id_soal', 'jawaban'])
    .where('id_ukt', '=', idUkt)
    .where('id_tingkat', '=', idTingkat)
    .where('id_siswa', 'in', idSiswa.length ? idSiswa : [-1])
    .execute();
}

/** Which of an event's participants (by id_siswa) have a KESHAN answer sheet. */
export async function siswaWithJawaban(db: Db, idUkt: number, idSiswas: number[]): Promise<number[]> {
  if (!idSiswas.length) return [];
  const rows = await db
    .selectFrom('keshan_jawaban')
    .select('id_siswa')
    .distinct()
    .where('id_ukt', '=', idUkt)
    .where('id_siswa', 'in', idSiswas)
    .execute();
  return rows.map((r) => Number(r.id_siswa));
}
