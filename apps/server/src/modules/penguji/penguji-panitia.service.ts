import {
  digitsOnly,
  isAdminPanitia,
  normalizePhone,
  type PageMeta,
  type PanitiaPenguji,
  type PengujiInput,
  phoneProblem,
  type Tugas,
  type TugasBody,
} from '@ukt/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Writer } from '../../db/writer';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthPenguji } from '../../plugins/context';
import { withPengujiForgotten } from '../../plugins/session-cache';
import { kegiatanIdsOf } from '../kegiatan/kegiatan.repository';
import { type PosList, replaceTugas, tugasOf } from '../kegiatan/penugasan.repository';
import { findRegionParent } from '../regions/regions.repository';
import { findPengujiByNoWa, insertPenguji, updatePenguji } from './penguji.repository';
import {
  countPenguji,
  findPengujiWithRegion,
  lastActivity,
  listPenguji,
  type PengujiSearch,
  type PengujiWithRegion,
} from './penguji-panitia.repository';

// The console's Penguji page (DESIGN §9): search, add, edit, assign. Deactivation and login
// links end or make tokens, so they are auth's (auth/penguji-akses.service.ts, decision 036).

/** Examiners per page, like the participant list. */
const PAGE_SIZE = 20;

const str = (v: number | null) => (v === null ? null : String(v));

function toPanitiaPenguji(
  row: PengujiWithRegion,
  activity: Awaited<ReturnType<typeof lastActivity>>,
  tugas: Map<number, Map<number, PosList>>,
): PanitiaPenguji {
  const signIn = activity.signIn.get(row.id_pemilih);
  const write = activity.write.get(row.id_pemilih);
  const times = [signIn, write === undefined ? undefined : Date.parse(write)].filter(
    (t): t is number => t !== undefined && Number.isFinite(t),
  );
  return {
    id_pemilih: String(row.id_pemilih),
    no_wa: row.no_wa,
    nama: row.nama,
    id_perwapus: str(row.id_perwapus),
    perwapus: row.perwapus,
    id_cabang: str(row.id_cabang),
    cabang: row.cabang,
    panitia: row.panitia,
    dewan: row.dewan,
    aktif: row.aktif === 1,
    aktivitas_terakhir: times.length ? new Date(Math.max(...times)).toISOString() : null,
    tugas: [...(tugas.get(row.id_pemilih) ?? [])].map(
      ([idUkt, pos]): Tugas => ({ id_ukt: String(idUkt), pos }),
    ),
  };
}

/** What a search box text matches: part of a name, or, when it looks like a number, its digits. */
export function searchOf(cari: string, idUkt?: number): PengujiSearch {
  const nama = cari.toLowerCase();
  const event = idUkt === undefined ? {} : { idUkt };
  if (!/^[+\d\s.()-]+$/.test(cari)) return { nama, noWa: [], ...event };
  const digits = digitsOnly(cari);
  if (!digits) return { nama, noWa: [], ...event };
  // '0812…', '+62 0812…', '(0812) …' are typed for '62812…' (docs/decisions/155): the digits as
  // typed (part of a number) and their one form both match.
  return { nama, noWa: [...new Set([digits, normalizePhone(cari)])], ...event };
}

/** A page of the organisation's examiners matching the search box, by name (DESIGN §9). */
export async function listPanitiaPenguji(
  db: Kysely<Database>,
  idOrganisasi: number,
  query: { cari: string; hal: number; id_ukt?: number | undefined },
): Promise<{ data: PanitiaPenguji[]; meta: PageMeta }> {
  const search = searchOf(query.cari, query.id_ukt);
  const rows = await listPenguji(db, idOrganisasi, search, query.hal, PAGE_SIZE);
  const total = await countPenguji(db, idOrganisasi, search);
  const ids = rows.map((r) => r.id_pemilih);
  const activity = await lastActivity(db, ids);
  const tugas = await tugasOf(db, ids);
  return {
    data: rows.map((row) => toPanitiaPenguji(row, activity, tugas)),
    meta: { hal: query.hal, per_page: PAGE_SIZE, total, total_pages: Math.ceil(total / PAGE_SIZE) },
  };
}

/** 404 for an examiner id that is not this organisation's. */
export const missing = (idPemilih: number) => notFound(`Penguji dengan id ${idPemilih} tidak ditemukan.`);

/** One examiner of the organisation as the console lists it; 404 for another organisation's or an unknown id. */
export async function getPanitiaPenguji(
  db: Kysely<Database>,
  idOrganisasi: number,
  idPemilih: number,
): Promise<PanitiaPenguji> {
  const row = await findPengujiWithRegion(db, idOrganisasi, idPemilih);
  if (!row) throw missing(idPemilih);
  return toPanitiaPenguji(row, await lastActivity(db, [idPemilih]), await tugasOf(db, [idPemilih]));
}

/**
 * The stored values of an examiner form: the number normalised (400 when it is not an Indonesian
 * mobile number), the perwapus the organisation's and the cabang that perwapus' (400 otherwise).
 */
async function valuesOf(trx: Transaction<Database>, idOrganisasi: number, input: PengujiInput) {
  const problem = phoneProblem(input.no_wa);
  if (problem) throw badRequest(`Data tidak valid: Nomor WhatsApp ${problem}`);
  const noWa = normalizePhone(input.no_wa);
  const idPerwapus = input.id_perwapus ?? null;
  const idCabang = input.id_cabang ?? null;
  if (idPerwapus !== null && (await findRegionParent(trx, 'perwapus', idPerwapus)) !== idOrganisasi) {
    throw badRequest(`Data tidak valid: perwapus ${idPerwapus} tidak ada. Pilih perwapus dari daftar.`);
  }
  if (idCabang !== null) {
    if (idPerwapus === null) throw badRequest('Data tidak valid: Perwapus wajib diisi bila cabang diisi');
    if ((await findRegionParent(trx, 'cabang', idCabang)) !== idPerwapus) {
      throw badRequest(
        `Data tidak valid: cabang ${idCabang} bukan cabang dari perwapus yang dipilih. Pilih cabang dari daftar.`,
      );
    }
  }
  return {
    no_wa: noWa,
    nama: input.nama,
    id_perwapus: idPerwapus,
    id_cabang: idCabang,
    panitia: input.panitia,
    dewan: input.dewan,
  };
}

/** 409 when another examiner of the organisation already has the number. */
async function assertNoWaFree(
  trx: Transaction<Database>,
  idOrganisasi: number,
  noWa: string,
  idPemilih?: number,
): Promise<void> {
  const holder = await findPengujiByNoWa(trx, idOrganisasi, noWa);
  if (holder && holder.id_pemilih !== idPemilih) {
    throw conflict(
      `Nomor ${noWa} sudah dipakai penguji ${holder.nama}. Periksa nomornya atau ubah data penguji itu.`,
    );
  }
}

/** Runs an examiner write; the number taken by a concurrent write (the unique constraint) is a 409. */
async function guarded<T>(writer: Writer, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await writer.run(work);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('Nomor WhatsApp itu baru saja dipakai penguji lain. Muat ulang lalu periksa nomornya.');
    }
    throw error;
  }
}

/** Adds an examiner (active); answers them. */
export async function createPenguji(
  db: Kysely<Database>,
  writer: Writer,
  idOrganisasi: number,
  input: PengujiInput,
  now: string,
): Promise<PanitiaPenguji> {
  const idPemilih = await guarded(writer, async (trx) => {
    const values = await valuesOf(trx, idOrganisasi, input);
    await assertNoWaFree(trx, idOrganisasi, values.no_wa);
    await insertPenguji(trx, { ...values, id_organisasi: idOrganisasi, img_profile: '', created_at: now });
    const stored = await findPengujiByNoWa(trx, idOrganisasi, values.no_wa);
    return (stored as NonNullable<typeof stored>).id_pemilih;
  });
  return getPanitiaPenguji(db, idOrganisasi, idPemilih);
}

/**
 * Changes an examiner. A committee admin cannot take the admin role from themself (the console
 * would lock them out; another admin can). The change applies to their open sessions at once on
 * this process, within SESSION_CACHE_MS on others (decision 018).
 */
export async function editPenguji(
  db: Kysely<Database>,
  writer: Writer,
  actor: AuthPenguji,
  idPemilih: number,
  input: PengujiInput,
): Promise<PanitiaPenguji> {
  if (actor.id_pemilih === idPemilih && !isAdminPanitia(input.panitia)) {
    throw badRequest(
      'Anda tidak dapat mencabut peran admin Anda sendiri. Minta admin panitia lain bila memang perlu.',
    );
  }
  await withPengujiForgotten(db, idPemilih, () =>
    guarded(writer, async (trx) => {
      if (!(await findPengujiWithRegion(trx, actor.id_organisasi, idPemilih))) throw missing(idPemilih);
      const values = await valuesOf(trx, actor.id_organisasi, input);
      await assertNoWaFree(trx, actor.id_organisasi, values.no_wa, idPemilih);
      await updatePenguji(trx, idPemilih, values);
    }),
  );
  return getPanitiaPenguji(db, actor.id_organisasi, idPemilih);
}

/**
 * Replaces an examiner's assignment (docs/decisions/109): the events of this organisation they
 * work at, each with every post or only some. An empty list lifts it: every event again.
 * 400 for an event that is not the organisation's. The server holds their open sessions to the
 * new assignment at once on this process, within SESSION_CACHE_MS on others (decision 125).
 */
export async function setTugas(
  db: Kysely<Database>,
  writer: Writer,
  idOrganisasi: number,
  idPemilih: number,
  body: TugasBody,
): Promise<PanitiaPenguji> {
  // One entry per event: the same event twice merges its posts (every post wins).
  const merged = new Map<number, number[]>();
  for (const t of body.tugas) {
    const before = merged.get(t.id_ukt);
    merged.set(
      t.id_ukt,
      before === undefined ? t.pos : before.length && t.pos.length ? [...before, ...t.pos] : [],
    );
  }
  await withPengujiForgotten(db, idPemilih, () =>
    writer.run(async (trx) => {
      if (!(await findPengujiWithRegion(trx, idOrganisasi, idPemilih))) throw missing(idPemilih);
      const known = new Set(await kegiatanIdsOf(trx, idOrganisasi, [...merged.keys()]));
      const unknown = [...merged.keys()].filter((id) => !known.has(id));
      if (unknown.length) {
        throw badRequest(
          `Kegiatan nomor ${unknown.join(', ')} tidak ada. Muat ulang halaman lalu pilih kegiatan dari daftar.`,
        );
      }
      await replaceTugas(
        trx,
        idPemilih,
        [...merged].map(([id_ukt, pos]) => ({ id_ukt, pos })),
      );
    }),
  );
  return getPanitiaPenguji(db, idOrganisasi, idPemilih);
}
