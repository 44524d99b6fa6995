import {
  type PageMeta,
  type PanitiaPeserta,
  type PanitiaPesertaQuery,
  PESERTA_FIELDS_SENDIRI,
  type PesertaFieldSendiri,
  type PesertaInput,
  type PostFlag,
  SISWA_PAGE_SIZE,
} from '@ukt/core';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import { bumpRosterVersion } from '../../db/versions';
import type { Writer } from '../../db/writer';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { searchForm } from '../../lib/search-form';
import type { AuthPenguji } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repository';
import { requireKegiatan } from '../kegiatan/kegiatan.service';
import { assertNotDisahkan } from '../kegiatan/kegiatan-sahkan.service';
import { listPengujiNames } from '../penguji/penguji.repository';
import { findRayonPath } from '../regions/regions.repository';
import { countSiswa, findSiswa, findSiswaByNoUrut, findSiswaPageIds, updateSiswa } from './siswa.repository';
import {
  findPanitiaSiswaRows,
  insertSiswaReturningId,
  nextNoUrut,
  releaseAtPost,
  updateMundur,
} from './siswa-panitia.repository';
import { siswaRow } from './siswa-row';

// The console's Peserta page (DESIGN §9). Every change here bumps the version the examiners'
// list caches are tagged with, in the same transaction (docs/decisions/015): a withdrawal or a
// release shows on every examiner's phone at the next list request.

const POSTS: PostFlag[] = ['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'];

type Db = Kysely<Database> | Transaction<Database>;

/** Participants by id as the console shows them: region names, withdrawal, who holds them where. */
async function panitiaPeserta(db: Db, ids: number[]): Promise<PanitiaPeserta[]> {
  const rows = await findPanitiaSiswaRows(db, ids);
  const holderIds = [...new Set(rows.flatMap((r) => POSTS.map((p) => r[p])))].filter(
    (id): id is number => id !== null,
  );
  const names = new Map((await listPengujiNames(db, holderIds)).map((p) => [p.id_pemilih, p.nama]));
  const holder = (id: number | null) =>
    id === null ? null : { id_pemilih: String(id), nama: names.get(id) ?? `penguji ${id}` };
  return rows.map((r) => ({
    id_siswa: String(r.id_siswa),
    ...(Object.fromEntries(PESERTA_FIELDS_SENDIRI.map((f) => [f.kolom, r[f.kolom]])) as Pick<
      typeof r,
      PesertaFieldSendiri['kolom']
    >),
    id_perwapus: String(r.id_perwapus),
    perwapus: r.perwapus,
    id_cabang: String(r.id_cabang),
    cabang: r.cabang,
    id_ranting: String(r.id_ranting),
    ranting: r.ranting,
    id_rayon: String(r.id_rayon),
    rayon: r.rayon,
    mundur: Boolean(r.mundur),
    pos: {
      sudah_keshan: holder(r.sudah_keshan),
      sudah_tes: holder(r.sudah_tes),
      sudah_fisik: holder(r.sudah_fisik),
      sudah_sambung: holder(r.sudah_sambung),
    },
  }));
}

/** One participant as the console shows them. */
async function onePeserta(db: Db, idSiswa: number): Promise<PanitiaPeserta> {
  const [peserta] = await panitiaPeserta(db, [idSiswa]);
  if (!peserta) throw notFound(`Peserta dengan ID ${idSiswa} tidak ditemukan di kegiatan ini.`);
  return peserta;
}

/** A page of an event's participants by no_urut (20 a page), with the paging facts. */
export async function listPeserta(
  db: Kysely<Database>,
  admin: AuthPenguji,
  idUkt: number,
  query: z.output<typeof PanitiaPesertaQuery>,
): Promise<{ data: PanitiaPeserta[]; meta: PageMeta }> {
  await requireKegiatan(db, admin, idUkt);
  const filter = {
    id_ukt: idUkt,
    id_perwapus: query.id_perwapus,
    id_cabang: query.id_cabang,
    id_ranting: query.id_ranting,
    id_rayon: query.id_rayon,
    cari: searchForm(query.cari),
    mundur: query.status === 'semua' ? undefined : query.status === 'mundur',
  };
  const ids = await findSiswaPageIds(db, filter, query.hal);
  const total = await countSiswa(db, filter);
  return {
    data: await panitiaPeserta(db, ids),
    meta: {
      hal: query.hal,
      per_page: SISWA_PAGE_SIZE,
      total,
      total_pages: Math.ceil(total / SISWA_PAGE_SIZE),
    },
  };
}

/** The stored columns of a participant's input: the rayon fixes the other regions (400 when not the organisation's). */
async function valuesOf(db: Kysely<Database>, admin: AuthPenguji, input: PesertaInput) {
  const path = await findRayonPath(db, admin.id_organisasi, input.id_rayon);
  if (!path)
    throw badRequest(
      `Data tidak valid: rayon ${input.id_rayon} bukan rayon organisasi ini. Pilih rayon dari daftar.`,
    );
  return siswaRow(input, path);
}

const duplicate = (noUrut: number, nama: string) =>
  conflict(`No. urut ${noUrut} sudah dipakai ${nama}. Pilih nomor lain, atau kosongkan agar diisi otomatis.`);

/** Runs a participant write; a unique no_urut taken by a concurrent write becomes a 409. */
async function guarded<T>(writer: Writer, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await writer.run(work);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('No. urut itu baru saja dipakai peserta lain. Muat ulang lalu coba lagi.');
    throw error;
  }
}

/** Adds a participant to an event; no_urut defaults to the event's next free number (409 when taken). */
export async function addPeserta(
  db: Kysely<Database>,
  writer: Writer,
  admin: AuthPenguji,
  idUkt: number,
  input: PesertaInput,
): Promise<PanitiaPeserta> {
  await requireKegiatan(db, admin, idUkt);
  const values = await valuesOf(db, admin, input);
  return guarded(writer, async (trx) => {
    const noUrut = input.no_urut ?? (await nextNoUrut(trx, idUkt));
    const taken = await findSiswaByNoUrut(trx, idUkt, noUrut);
    if (taken) throw duplicate(noUrut, taken.nama);
    const idSiswa = await insertSiswaReturningId(trx, { ...values, id_ukt: idUkt, no_urut: noUrut });
    await bumpRosterVersion(trx);
    return onePeserta(trx, idSiswa);
  });
}

/** A participant of the event, or 404. */
async function requireSiswa(db: Db, idSiswa: number, idUkt: number) {
  const siswa = await findSiswa(db, idSiswa, idUkt);
  if (!siswa) throw notFound(`Peserta dengan ID ${idSiswa} tidak ditemukan di kegiatan ini.`);
  return siswa;
}

/** Changes a participant's number, name, province or rayon (never their flags or scores). */
export async function editPeserta(
  db: Kysely<Database>,
  writer: Writer,
  admin: AuthPenguji,
  idUkt: number,
  idSiswa: number,
  input: PesertaInput,
): Promise<PanitiaPeserta> {
  await requireKegiatan(db, admin, idUkt);
  await requireSiswa(db, idSiswa, idUkt);
  const values = await valuesOf(db, admin, input);
  return guarded(writer, async (trx) => {
    const stored = await requireSiswa(trx, idSiswa, idUkt);
    const noUrut = input.no_urut ?? stored.no_urut;
    const taken = noUrut === stored.no_urut ? undefined : await findSiswaByNoUrut(trx, idUkt, noUrut);
    if (taken) throw duplicate(noUrut, taken.nama);
    await updateSiswa(trx, idSiswa, { ...values, no_urut: noUrut });
    await bumpRosterVersion(trx);
    return onePeserta(trx, idSiswa);
  });
}

/**
 * Withdraws a participant (out of every examiner picker; takes, scores and recordings refused) or
 * brings them back; kept in records and exports either way. Audited as a committee correction.
 */
export async function setMundur(
  db: Kysely<Database>,
  writer: Writer,
  admin: AuthPenguji,
  idUkt: number,
  idSiswa: number,
  mundur: boolean,
  now: string,
): Promise<PanitiaPeserta> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  await requireSiswa(db, idSiswa, idUkt);
  return writer.run(async (trx) => {
    const stored = await requireSiswa(trx, idSiswa, idUkt);
    const next = mundur ? 1 : 0;
    if (stored.mundur !== next) {
      await updateMundur(trx, idSiswa, next);
      await insertAudit(trx, [
        {
          at: now,
          id_pemilih: admin.id_pemilih,
          id_siswa: idSiswa,
          id_ukt: idUkt,
          id_tingkat: kegiatan.id_tingkat,
          field: 'mundur',
          old_value: stored.mundur,
          new_value: next,
          reason: mundur ? 'Peserta mundur' : 'Peserta kembali ikut',
          source: 'koreksi',
        },
      ]);
      await bumpRosterVersion(trx);
    }
    return onePeserta(trx, idSiswa);
  });
}

/**
 * Releases a participant taken at a post (the examiner's phone died), so any examiner may take
 * them there; audited: the post flag, the examiner who held them, 0 for none, 'Dilepas panitia'.
 * Answers the participant and whether anything was released.
 */
export async function lepasPeserta(
  db: Kysely<Database>,
  writer: Writer,
  admin: AuthPenguji,
  idUkt: number,
  idSiswa: number,
  pos: PostFlag,
  now: string,
): Promise<{ peserta: PanitiaPeserta; dilepas: boolean }> {
  const kegiatan = await requireKegiatan(db, admin, idUkt);
  await requireSiswa(db, idSiswa, idUkt);
  return writer.run(async (trx) => {
    // A release changes who may score: refused once the event is ratified (docs/decisions/041).
    await assertNotDisahkan(trx, idUkt);
    const holder = (await requireSiswa(trx, idSiswa, idUkt))[pos];
    const dilepas = holder !== null && (await releaseAtPost(trx, idSiswa, pos, holder));
    if (dilepas) {
      await insertAudit(trx, [
        {
          at: now,
          id_pemilih: admin.id_pemilih,
          id_siswa: idSiswa,
          id_ukt: idUkt,
          id_tingkat: kegiatan.id_tingkat,
          field: pos,
          old_value: holder,
          // audit_log.new_value is NOT NULL: 0 stands for "nobody" (no examiner has id 0).
          new_value: 0,
          reason: 'Dilepas panitia',
          source: 'koreksi',
        },
      ]);
    }
    return { peserta: await onePeserta(trx, idSiswa), dilepas };
  });
}
