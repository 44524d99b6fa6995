import { OptionalId } from '../schemas/common';
import { z } from '../zod';

// The committee's documents (DESIGN §11) and the public certificate check: participant cards,
// examiner login cards, piagam and berita acara as PDFs, and GET /verifikasi/{kode}.

/** Query of GET /panitia/kegiatan/{id_ukt}/kartu-peserta: one ranting's cards, or the whole event's. */
export const KartuPesertaQuery = z.object({ id_ranting: OptionalId });
export type KartuPesertaQuery = z.infer<typeof KartuPesertaQuery>;

/** Query of GET /panitia/penguji/kartu-login: the active examiners the console's search finds. */
export const KartuLoginQuery = z.object({
  cari: z.string().trim().max(100, { error: 'pencarian terlalu panjang' }).default(''),
  /** Only the examiners assigned to this event (docs/decisions/109). */
  id_ukt: OptionalId,
});
export type KartuLoginQuery = z.infer<typeof KartuLoginQuery>;

/** A certificate's code as it arrives in the path: any text; only a stored code is found. */
export const VerifikasiParams = z.object({ kode: z.string() });

/**
 * What the public check shows of a real certificate, and nothing more (DESIGN §11): the
 * participant's name, the belt promotion, the event, and the status (docs/decisions/043).
 */
export const Verifikasi = z.object({
  nama: z.string(),
  sabuk: z.string(),
  kegiatan: z.string(),
  status: z.string(),
});
export type Verifikasi = z.infer<typeof Verifikasi>;

/** The answer of GET /verifikasi/{kode} for a real code. */
export const VerifikasiResult = z.object({ success: z.literal(true), data: Verifikasi });

/** The one answer for anything but a real code (a 404), whatever was wrong with it. */
export const SERTIFIKAT_TIDAK_DITEMUKAN = 'Sertifikat tidak ditemukan.';
