import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { bumpRosterVersion } from '../db/versions';
import type { Writer } from '../db/writer';
import { badRequest, conflict } from '../lib/errors';
import { applyMulai, checkAdminNoWa, checkNamaOrganisasi } from '../modules/organisasi/mulai.service';
import { findOrganisasiRow } from '../modules/organisasi/organisasi.repository';
import {
  countDemo,
  countOwn,
  deleteDemo,
  findRealScore,
  isDemoPenguji,
  listOwnAdmins,
} from './demo.repository';
import { DEMO_EXAMINERS, DEMO_NAMA_ORGANISASI } from './seed';

// Ending a trial run (docs/decisions/154): `ukt demo hapus` and the console's "Hapus data demo" both
// call hapusDemo, which removes what the demo made unless a real score is among it, and leaves the
// organisation the committee's own: its name, and at least one committee admin of its own.

/** What the committee may give with the removal: the organisation's own name and admin numbers. */
export interface HapusDemoInput {
  nama?: string | undefined;
  admin?: readonly string[] | undefined;
}

/** What a removal did. */
export interface HapusDemoResult {
  /** False when there was no demo to remove (a second run changes nothing). */
  dihapus: boolean;
  penguji: number;
  kegiatan: number;
  peserta: number;
  nama_organisasi: string;
  /** The committee admins who sign in from now on, by number. */
  admin: string[];
  /** The admin numbers added now, as examiners named 'Admin panitia' (mulai.service's NAMA_ADMIN_BARU). */
  admin_baru: string[];
}

/** What the console's first page shows: the demo, and what the organisation holds of its own. */
export async function mulaiStatus(db: Kysely<Database>, idOrganisasi: number, idPemilih: number) {
  const [demo, own, row, demoCaller] = await Promise.all([
    countDemo(db, idOrganisasi),
    countOwn(db, idOrganisasi),
    findOrganisasiRow(db, idOrganisasi),
    isDemoPenguji(db, idOrganisasi, idPemilih),
  ]);
  return {
    nama_organisasi: row?.nama_organisasi ?? '',
    demo: demo.semua ? { penguji: demo.penguji, kegiatan: demo.kegiatan, peserta: demo.peserta } : null,
    masuk_sebagai_demo: demoCaller,
    kegiatan: own.kegiatan,
    penguji: own.penguji,
    peserta: own.peserta,
  };
}

/**
 * Removes the demo's examiners, events, participants, their scores, and its questions, in one
 * transaction, after giving the organisation the name and admins asked for. Refused with the reason
 * when a real score is among them, when no committee admin of the organisation's own would be left,
 * or when the organisation would keep the demo's name. With no demo left, it changes nothing.
 */
export async function hapusDemo(
  deps: { writer: Writer; idOrganisasi: number; now: string },
  input: HapusDemoInput,
): Promise<HapusDemoResult> {
  const nama = input.nama === undefined ? undefined : checkNamaOrganisasi(input.nama);
  const admin = checkAdminNoWa(input.admin ?? []);
  const demoNumbers: readonly string[] = DEMO_EXAMINERS.map((e) => e.no_wa);
  const demoNumber = admin.find((n) => demoNumbers.includes(n));
  if (demoNumber)
    throw badRequest(
      `Nomor ${demoNumber} adalah nomor penguji demo, yang ikut dihapus: tulis nomor WhatsApp admin panitia Anda sendiri.`,
    );
  const { idOrganisasi, now } = deps;
  return deps.writer.run(async (trx) => {
    const demo = await countDemo(trx, idOrganisasi);
    const row = await findOrganisasiRow(trx, idOrganisasi);
    if (!demo.semua) {
      return {
        dihapus: false,
        penguji: 0,
        kegiatan: 0,
        peserta: 0,
        nama_organisasi: row?.nama_organisasi ?? '',
        admin: await listOwnAdmins(trx, idOrganisasi),
        admin_baru: [],
      };
    }
    const real = await findRealScore(trx, idOrganisasi);
    if (real)
      throw conflict(
        `Data demo tidak dihapus: sudah ada nilai yang bukan data demo (${real.penguji ?? 'seorang penguji'} menilai ${real.peserta ?? 'seorang peserta'} di kegiatan "${real.kegiatan ?? '?'}"), dan nilai itu akan ikut terhapus. Biarkan data demo dan arsipkan kegiatan demo di halaman Kegiatan.`,
      );
    const own = await listOwnAdmins(trx, idOrganisasi);
    if (own.length === 0 && admin.length === 0)
      throw badRequest(
        'Sebutkan nomor WhatsApp admin panitia Anda sendiri: penguji demo ikut dihapus, dan tanpa admin tidak ada yang dapat masuk ke konsol panitia.',
      );
    if ((nama ?? row?.nama_organisasi) === DEMO_NAMA_ORGANISASI)
      throw badRequest(`Tulis nama organisasi Anda: "${DEMO_NAMA_ORGANISASI}" adalah nama demo.`);
    const made = await applyMulai(trx, idOrganisasi, { nama, admin }, now);
    await deleteDemo(trx, idOrganisasi);
    await bumpRosterVersion(trx);
    return {
      dihapus: true,
      penguji: demo.penguji,
      kegiatan: demo.kegiatan,
      peserta: demo.peserta,
      nama_organisasi: made.nama_organisasi,
      admin: await listOwnAdmins(trx, idOrganisasi),
      admin_baru: made.admin.filter((a) => a.baru).map((a) => a.no_wa),
    };
  });
}
