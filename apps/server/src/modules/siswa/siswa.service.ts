import { mayTakeAt, type PostFlag, type SiswaQuery } from '@ukt/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SiswaTable } from '../../db/types';
import type { Writer } from '../../db/writer';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { searchForm } from '../../lib/search-form';
import type { AuthPenguji } from '../../plugins/context';
import { requireKegiatan } from '../kegiatan/kegiatan.service';
import { assertNotDisahkan } from '../kegiatan/kegiatan-sahkan.service';
import { pengujiName } from '../penguji/penguji.repository';
import { findSiswa, type SiswaFilter, takeAtPost } from './siswa.repository';

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
  if (!siswa) throw notFound(`Peserta dengan ID ${idSiswa} tidak ditemukan di kegiatan ini.`);
  const outside = siswa.id_perwapus !== examiner.id_perwapus || siswa.id_cabang !== examiner.id_cabang;
  if (!examiner.isAdmin && outside) throw forbidden('Peserta ini di luar perwapus/cabang Anda.');
  return siswa;
}

/** What an examiner's write about a withdrawn participant is answered (docs/decisions/037). */
const MUNDUR_MESSAGE = 'Peserta ini sudah mundur dari kegiatan.';

/** Fails with 409 when the participant withdrew: no take, score or recording for them any more. */
export function assertNotMundur(siswa: Selectable<SiswaTable>): void {
  if (siswa.mundur) throw conflict(MUNDUR_MESSAGE);
}

/** Fails with 409 naming the examiner when another one holds the participant at this post. */
export async function assertNotHeldByOther(
  db: Kysely<Database>,
  examiner: AuthPenguji,
  siswa: Selectable<SiswaTable>,
  column: PostFlag,
): Promise<void> {
  const holder = siswa[column];
  if (holder !== null && holder !== examiner.id_pemilih) {
    throw conflict(`Peserta ini sedang diuji oleh ${await pengujiName(db, holder)} di pos ini.`);
  }
}

/** Takes a participant at a post for the examiner (SPEC §7 siswaUpdate); 409 when another holds them. */
export async function takeSiswa(
  db: Kysely<Database>,
  writer: Writer,
  examiner: AuthPenguji,
  idSiswa: number,
  idUkt: number,
  column: PostFlag,
): Promise<void> {
  if (!mayTakeAt(column, examiner)) {
    throw forbidden(
      'Penguji dewan 2 hanya menguji KESHAN, jadi hanya boleh mengambil peserta di pos KESHAN.',
    );
  }
  const siswa = await siswaForPenguji(db, examiner, idSiswa, idUkt);
  assertNotMundur(siswa);
  await assertNotHeldByOther(db, examiner, siswa, column);
  const taken = await writer.run(async (trx) => {
    // No take once the event's scores are ratified (DESIGN §10): checked in the transaction.
    await assertNotDisahkan(trx, idUkt);
    return takeAtPost(trx, idSiswa, idUkt, column, examiner.id_pemilih);
  });
  if (!taken) {
    const now = await findSiswa(db, idSiswa, idUkt);
    if (now) assertNotMundur(now);
    if (now) await assertNotHeldByOther(db, examiner, now, column);
    throw conflict('Peserta ini baru saja diambil penguji lain. Muat ulang daftar.');
  }
}
