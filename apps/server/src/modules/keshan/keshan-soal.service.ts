import type { PanitiaSoal, SoalInput } from '@ukt/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SoalTable } from '../../db/types';
import type { Writer } from '../../db/writer';
import { notFound } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { findSoalById, listJawabanBenar, listSoalWithKey, updateSoal } from './keshan.repository';
import { keyOf, regradeKeshan } from './keshan-regrade.service';

/** A stored question as the console shows it, key included. */
function toPanitiaSoal(row: Selectable<SoalTable>): PanitiaSoal {
  return {
    id_soal: String(row.id_soal),
    id_tingkat: String(row.id_tingkat),
    no: row.no,
    soal_tanya: row.soal_tanya,
    a: row.a,
    b: row.b,
    c: row.c,
    d: row.d,
    jawaban_benar: row.jawaban_benar as PanitiaSoal['jawaban_benar'],
  };
}

/** A belt's questions with their keys, by no (an empty list while none are imported). */
export async function listSoalPanitia(
  db: Kysely<Database>,
  idOrganisasi: number,
  idTingkat: number,
): Promise<PanitiaSoal[]> {
  return (await listSoalWithKey(db, idOrganisasi, idTingkat)).map(toPanitiaSoal);
}

/**
 * Changes a question. A changed key re-grades, in the same transaction, every stored sheet of the
 * belt it moves (docs/decisions/037); answers the question as stored, how many scores changed, and how many ratified events kept
 * theirs.
 */
export async function editSoal(
  writer: Writer,
  admin: AuthPenguji,
  idTingkat: number,
  idSoal: number,
  input: SoalInput,
  now: string,
): Promise<{ soal: PanitiaSoal; dinilai_ulang: number; disahkan: number }> {
  const org = admin.id_organisasi;
  return writer.run(async (trx) => {
    // Locks the belt's key first: concurrent edits of one belt re-grade one after the other.
    const before = keyOf(await listJawabanBenar(trx, org, idTingkat, 'update'));
    const stored = await findSoalById(trx, org, idTingkat, idSoal);
    if (!stored)
      throw notFound(`Soal ${idSoal} tingkat ${idTingkat} tidak ditemukan. Muat ulang daftar soal.`);
    await updateSoal(trx, idSoal, input);
    const after = new Map(before).set(idSoal, input.jawaban_benar);
    const regrade = await regradeKeshan(trx, {
      idOrganisasi: org,
      idTingkat,
      before,
      after,
      idPemilih: admin.id_pemilih,
      reason: `Kunci jawaban soal no ${stored.no} diubah`,
      source: 'koreksi',
      now,
    });
    return {
      soal: toPanitiaSoal({ ...stored, ...input }),
      dinilai_ulang: regrade.changed,
      disahkan: regrade.disahkan,
    };
  });
}
