import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** A belt's question set without the answer key, ordered by no. */
export function listSoal(db: Kysely<Database>, idOrganisasi: number, idTingkat: number) {
  return db
    .selectFrom('soal')
    .select(['id_soal', 'no', 'soal_tanya', 'a', 'b', 'c', 'd'])
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_tingkat', '=', idTingkat)
    .orderBy('no')
    .execute();
}

/** A belt's answer key: id_soal and the correct letter. Stays on the server. */
export function listAnswerKey(db: Kysely<Database>, idOrganisasi: number, idTingkat: number) {
  return db
    .selectFrom('soal')
    .select(['id_soal', 'jawaban_benar'])
    .where('id_organisasi', '=', idOrganisasi)
    .where('id_tingkat', '=', idTingkat)
    .execute();
}
