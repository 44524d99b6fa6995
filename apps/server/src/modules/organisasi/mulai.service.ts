import { isAdminPanitia, normalizePhone, phoneProblem } from '@ukt/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { badRequest } from '../../lib/errors';
import {
  findPengujiByNoWa,
  insertPenguji,
  listAdminNoWa,
  updatePenguji,
} from '../penguji/penguji.repository';
import { ensureOrganisasi, findOrganisasiRow, updateOrganisasi } from './organisasi.repository';

// The committee's own start (docs/decisions/154): the organisation's name and its committee admins'
// WhatsApp numbers, on a new database or after a trial run. One service, called by `ukt mulai`, the
// venue launcher's first start and the console's demo removal.

/** The longest organisation name, as the console's organisation page takes it. */
const NAMA_MAX = 150;

/** What the committee gives: the organisation's name and one or more admin numbers, as typed. */
export interface MulaiInput {
  nama: string;
  admin: readonly string[];
}

/** The name trimmed and the numbers normalised (62…, each once). */
export interface MulaiChecked {
  nama: string;
  admin: string[];
}

/** What a start did: the name now held and each admin number, new or already there. */
export interface MulaiResult {
  nama_organisasi: string;
  admin: { no_wa: string; baru: boolean }[];
}

/** The name a new examiner row gets for an admin number; the Penguji page changes it. */
export const NAMA_ADMIN_BARU = 'Admin panitia';

/** What a server on a database without a committee admin logs at start. */
export const NO_ADMIN_LINE =
  'Belum ada admin panitia: tambahkan dengan npm run ukt -- mulai --organisasi "Nama Organisasi" --admin 0812xxxxxxxx, lalu masuk ke konsol panitia dengan nomor itu.';

/** A name the organisation can take, or a 400 saying what to write. */
export function checkNamaOrganisasi(nama: string): string {
  const trimmed = nama.trim();
  if (!trimmed) throw badRequest('Nama organisasi wajib diisi, misalnya "Perguruan Pencak Silat Harapan".');
  if (trimmed.length > NAMA_MAX) throw badRequest(`Nama organisasi paling panjang ${NAMA_MAX} karakter.`);
  return trimmed;
}

/** Admin numbers normalised (each once), or a 400 naming the first one that is not a number. */
export function checkAdminNoWa(admin: readonly string[]): string[] {
  const numbers: string[] = [];
  for (const typed of admin) {
    const problem = phoneProblem(typed);
    if (problem) throw badRequest(`Nomor WhatsApp admin "${typed.trim()}" ${problem}.`);
    const noWa = normalizePhone(typed);
    if (!numbers.includes(noWa)) numbers.push(noWa);
  }
  return numbers;
}

/** The input checked: a name and at least one admin number. */
export function checkMulai(input: MulaiInput): MulaiChecked {
  const nama = checkNamaOrganisasi(input.nama);
  const admin = checkAdminNoWa(input.admin);
  if (admin.length === 0)
    throw badRequest('Sebutkan paling sedikit satu nomor WhatsApp admin panitia, misalnya 0812 3456 7890.');
  return { nama, admin };
}

/** The numbers of the organisation's active committee admins (none on a new database). */
export function adminPanitia(db: Kysely<Database>, idOrganisasi: number): Promise<string[]> {
  return listAdminNoWa(db, idOrganisasi);
}

/**
 * Gives the organisation its name and makes each number a committee admin, inside the caller's
 * transaction: a number already there becomes an active admin, a new one an examiner row named
 * NAMA_ADMIN_BARU. Running it again with the same input changes nothing.
 */
export async function applyMulai(
  trx: Transaction<Database>,
  idOrganisasi: number,
  checked: { nama?: string; admin: readonly string[] },
  now: string,
): Promise<MulaiResult> {
  await ensureOrganisasi(trx, idOrganisasi, checked.nama ?? 'Perguruan Pencak Silat', now);
  const row = await findOrganisasiRow(trx, idOrganisasi);
  if (checked.nama !== undefined && row?.nama_organisasi !== checked.nama)
    await updateOrganisasi(trx, idOrganisasi, { nama_organisasi: checked.nama, update_at: now });
  const admin: MulaiResult['admin'] = [];
  for (const noWa of checked.admin) {
    const found = await findPengujiByNoWa(trx, idOrganisasi, noWa);
    if (!found) {
      await insertPenguji(trx, {
        id_organisasi: idOrganisasi,
        no_wa: noWa,
        nama: NAMA_ADMIN_BARU,
        id_perwapus: null,
        id_cabang: null,
        panitia: 'Admin',
        dewan: 1,
        img_profile: '',
        created_at: now,
      });
    } else if (found.aktif !== 1 || !isAdminPanitia(found.panitia)) {
      await updatePenguji(trx, found.id_pemilih, { panitia: 'Admin', aktif: 1 });
    }
    admin.push({ no_wa: noWa, baru: !found });
  }
  return { nama_organisasi: checked.nama ?? row?.nama_organisasi ?? '', admin };
}

/** `ukt mulai` and the venue's first start: the organisation's name and its committee admins. */
export async function mulaiOrganisasi(
  deps: { writer: Writer; idOrganisasi: number; now: string },
  input: MulaiInput,
): Promise<MulaiResult> {
  const checked = checkMulai(input);
  return deps.writer.run((trx) => applyMulai(trx, deps.idOrganisasi, checked, deps.now));
}
