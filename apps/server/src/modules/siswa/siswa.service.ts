import { mayTakeAt, type PostFlag, postOfFlag, type SiswaQuery } from '@ukt/core';
import { type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import type { Database, SiswaTable } from '../../db/types';
import type { Writer } from '../../db/writer';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { searchForm } from '../../lib/search-form';
import type { AuthPenguji } from '../../plugins/context';
import {
  answerOfKey,
  type InlineIdempotency,
  KEY_BUSY_MESSAGE,
  type KeptAnswer,
  keepInlineAnswer,
  keptAnswer,
} from '../../plugins/idempotency';
import { requireKegiatan } from '../kegiatan/kegiatan.service';
import { assertNotDisahkan } from '../kegiatan/kegiatan-sahkan.service';
import { assertInTugas } from '../kegiatan/penugasan.service';
import { pengujiName } from '../penguji/penguji.repository';
import { findSiswa, type SiswaFilter, takeAtPost, takeAtPostPg } from './siswa.repository';

/**
 * Fails closed with 403 for a non-admin examiner without a perwapus or cabang: their scope is
 * unknown, so they see and take no participants until the committee completes their record.
 */
export function requireRegion(examiner: AuthPenguji): void {
  if (examiner.isAdmin || (examiner.id_perwapus !== null && examiner.id_cabang !== null)) return;
  throw forbidden(
    'Akun Anda belum memiliki perwapus dan cabang, jadi belum dapat melihat atau menguji peserta. Minta panitia melengkapi data penguji Anda.',
  );
}

/** The filters an examiner may use: a non-admin is locked to their own perwapus and cabang (SPEC §6). */
export function scopedFilter(examiner: AuthPenguji, query: SiswaQuery): SiswaFilter {
  requireRegion(examiner);
  // After requireRegion a non-admin always has both, so their own replace whatever was asked.
  const lock = (own: number | null, asked: number | undefined) =>
    examiner.isAdmin ? asked : (own ?? undefined);
  return {
    id_ukt: query.id_ukt,
    id_perwapus: lock(examiner.id_perwapus, query.id_perwapus),
    id_cabang: lock(examiner.id_cabang, query.id_cabang),
    id_ranting: query.id_ranting,
    id_rayon: query.id_rayon,
    cari: searchForm(query.nama),
    // A withdrawn participant is out of every picker (docs/decisions/037).
    mundur: false,
  };
}

/**
 * A participant the examiner may act on: 404 when not in the event, 403 when outside a
 * non-admin examiner's perwapus or cabang.
 */
export async function siswaForPenguji(
  db: Kysely<Database>,
  examiner: AuthPenguji,
  idSiswa: number,
  idUkt: number,
): Promise<Selectable<SiswaTable>> {
  requireRegion(examiner);
  await requireKegiatan(db, examiner, idUkt);
  const siswa = await findSiswa(db, idSiswa, idUkt);
  if (!siswa) throw siswaMissing(idSiswa);
  const outside = siswa.id_perwapus !== examiner.id_perwapus || siswa.id_cabang !== examiner.id_cabang;
  if (!examiner.isAdmin && outside) throw outsideRegion();
  return siswa;
}

// The refusals of the participant checks, one text each: the checks below throw them, and so does
// the score write on PostgreSQL from what its routine answered (docs/decisions/169).

/** 404: the participant is not in the event. */
export const siswaMissing = (idSiswa: number) =>
  notFound(`Peserta dengan ID ${idSiswa} tidak ditemukan di kegiatan ini.`);
/** 403: the participant is outside a non-admin examiner's perwapus or cabang. */
export const outsideRegion = () => forbidden('Peserta ini di luar perwapus/cabang Anda.');
/** 409: the participant withdrew (docs/decisions/037). */
export const siswaMundur = () => conflict('Peserta ini sudah mundur dari kegiatan.');
/** 409: another examiner, named, holds the participant at this post. */
export const heldByOther = (holder: string) =>
  conflict(`Peserta ini sedang diuji oleh ${holder} di pos ini.`);

/** Fails with 409 when the participant withdrew: no take, score or recording for them any more. */
export function assertNotMundur(siswa: Selectable<SiswaTable>): void {
  if (siswa.mundur) throw siswaMundur();
}

/** Fails with 409 naming the examiner when another one holds the participant at this post. */
export async function assertNotHeldByOther(
  db: Kysely<Database>,
  examiner: AuthPenguji,
  siswa: Selectable<SiswaTable>,
  column: PostFlag,
): Promise<void> {
  const holder = siswa[column];
  if (holder !== null && holder !== examiner.id_pemilih) throw heldByOther(await pengujiName(db, holder));
}

/** The answer of a take, kept with its Idempotency-Key and sent as it is. */
export const AMBIL_ANSWER = JSON.stringify({ success: true, message: 'Peserta berhasil dipilih.' });
const TAKEN: KeptAnswer = { status: 200, response: AMBIL_ANSWER };

/** What a take answers: the answer's status and body, and whether it is a kept one sent again. */
export interface TakeAnswer extends KeptAnswer {
  replayed: boolean;
}

/** A take and where it comes from. */
export interface Take {
  idSiswa: number;
  idUkt: number;
  column: PostFlag;
  /** The request's Idempotency-Key, honoured inside the take's own commit (docs/decisions/116). */
  idempotency: InlineIdempotency | undefined;
  now: number;
}

/**
 * Takes a participant at a post for the examiner (SPEC §7 siswaUpdate); 409 when another holds
 * them, 403 outside the examiner's assignment (docs/decisions/125). On PostgreSQL one round trip and one commit (`ukt_ambil`, docs/decisions/118); Node asks
 * why only when nothing was written. On SQLite the key, the take and its answer share one commit.
 */
export async function takeSiswa(
  db: Kysely<Database>,
  writer: Writer,
  examiner: AuthPenguji,
  take: Take,
): Promise<TakeAnswer> {
  if (!mayTakeAt(take.column, examiner)) {
    throw forbidden(
      'Penguji dewan 2 hanya menguji KESHAN, jadi hanya boleh mengambil peserta di pos KESHAN.',
    );
  }
  assertInTugas(examiner, take.idUkt, postOfFlag(take.column));
  requireRegion(examiner);
  const idem = take.idempotency;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const result = await takeAtPostPg(db, {
      owner: examiner.id_pemilih,
      key: idem?.key ?? null,
      hash: idem?.hash ?? null,
      now: take.now,
      answer: AMBIL_ANSWER,
      idSiswa: take.idSiswa,
      idUkt: take.idUkt,
      idOrganisasi: examiner.id_organisasi,
      column: take.column,
      admin: examiner.isAdmin,
      idPerwapus: examiner.id_perwapus,
      idCabang: examiner.id_cabang,
    });
    if (result.hasil === 'ulang') {
      const kept = answerOfKey(result, idem?.hash ?? '');
      if (!kept) throw conflict(KEY_BUSY_MESSAGE);
      return { ...kept, replayed: true };
    }
    if (result.hasil === 'diambil') return { ...TAKEN, replayed: false };
    return refusedTake(db, examiner, take);
  }
  const kept = idem && (await keptAnswer(db, idem, take.now));
  if (kept) return { ...kept, replayed: true };
  const siswa = await siswaForPenguji(db, examiner, take.idSiswa, take.idUkt);
  assertNotMundur(siswa);
  await assertNotHeldByOther(db, examiner, siswa, take.column);
  const taken = await writer.run(async (trx) => {
    // No take once the event's scores are ratified (DESIGN §10): checked in the transaction.
    await assertNotDisahkan(trx, take.idUkt);
    const done = await takeAtPost(trx, take.idSiswa, take.idUkt, take.column, examiner.id_pemilih);
    if (done && idem) await keepInlineAnswer(trx, idem, TAKEN, take.now);
    return done;
  });
  if (!taken) return refusedTake(db, examiner, take);
  return { ...TAKEN, replayed: false };
}

/** Why a take wrote nothing, as the error it answers, checked in the order of SPEC §7. */
async function refusedTake(db: Kysely<Database>, examiner: AuthPenguji, take: Take): Promise<never> {
  const siswa = await siswaForPenguji(db, examiner, take.idSiswa, take.idUkt);
  assertNotMundur(siswa);
  await assertNotHeldByOther(db, examiner, siswa, take.column);
  await assertNotDisahkan(db, take.idUkt);
  throw conflict('Peserta ini baru saja diambil penguji lain. Muat ulang daftar.');
}
