import { SERTIFIKAT_TIDAK_DITEMUKAN, type Verifikasi } from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { notFound, tooMany } from '../../lib/errors';
import { hitWindow } from '../auth/otp-limits.repository';
import { buildRekap } from '../results/rekap.service';
import { findSertifikatByKode } from './documents.repository';
import { isKodeShape } from './piagam-kode';
import { sabukText } from './sabuk-text';

// The public check of a piagam (DESIGN §11, docs/decisions/043): anyone holding a certificate's
// code learns the name, the belt, the event and the status, and nothing else; every other text
// gets the same 404. Rate-limited per IP in the database, so the limit holds across processes.

/** Checks a client may make per minute from one address. */
export const VERIFIKASI_PER_MINUTE = 30;

/** What the check needs. */
export interface VerifikasiDeps {
  db: Kysely<Database>;
  orgId: number;
  now: number;
}

/**
 * The status the check shows: the participant's current result while the event stays ratified
 * (a correction and a new ratification may change it), else that the committee is reviewing it.
 */
async function statusOf(
  deps: VerifikasiDeps,
  s: NonNullable<Awaited<ReturnType<typeof findSertifikatByKode>>>,
) {
  if (!s.disahkan_at) return 'Sedang ditinjau ulang panitia';
  if (s.mundur) return 'Mundur';
  const rekap = await buildRekap(deps.db, deps.orgId, s.id_ukt, {
    id_rayon: s.id_rayon,
    status: 'semua',
    urut: 'no_urut',
    arah: 'naik',
  });
  return rekap.rows.find((r) => Number(r.id_siswa) === s.id_siswa)?.status ?? 'Sedang ditinjau ulang panitia';
}

/** The public fields of the certificate with this code; 404 for anything but a real code, 429 past the limit. */
export async function verifikasi(deps: VerifikasiDeps, kode: string, ip: string): Promise<Verifikasi> {
  if ((await hitWindow(deps.db, `verifikasi:${ip}`, 60_000, deps.now)) > VERIFIKASI_PER_MINUTE)
    throw tooMany('Terlalu banyak pemeriksaan piagam dari perangkat ini. Tunggu satu menit lalu coba lagi.');
  const found = isKodeShape(kode) ? await findSertifikatByKode(deps.db, kode) : undefined;
  if (!found || found.id_organisasi !== deps.orgId) throw notFound(SERTIFIKAT_TIDAK_DITEMUKAN);
  return {
    nama: found.nama,
    sabuk: sabukText(found.id_tingkat),
    kegiatan: found.nama_ukt,
    status: await statusOf(deps, found),
  };
}
