import { Id, wholeNumber } from '../schemas/common';
import { requiredText } from '../schemas/teks';
import { z } from '../zod';

// The console's Kegiatan calls under /uktNEW/api/panitia/kegiatan (DESIGN §9): the events, their
// counts and their archiving.

/** A calendar date as the committee types it, YYYY-MM-DD; its messages are about "this field". */
export const IsoDate = z
  .string({ error: 'wajib diisi' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'harus berupa tanggal tahun-bulan-hari, contoh 2026-11-28' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: 'bukan tanggal yang ada di kalender',
    },
  );

/** A belt level of an event: 1–4 (level 5 is KSHAN's fixed id, never an event's). */
export const EventTingkat = wholeNumber(1, 4, 'harus 1 sampai 4');

/** Body of POST /panitia/kegiatan and PUT /panitia/kegiatan/{id_ukt}. */
export const KegiatanInput = z
  .object({
    nama_ukt: requiredText(150, 'nama_ukt'),
    nama_kegiatan: requiredText(150, 'nama_kegiatan'),
    tanggal_tes: IsoDate,
    akhir_tes: z
      .union([IsoDate, z.literal(''), z.null()], {
        error: 'harus berupa tanggal tahun-bulan-hari (contoh 2026-11-28) atau kosong',
      })
      .transform((v) => v || null),
    id_tingkat: EventTingkat,
  })
  .refine((k) => !k.akhir_tes || k.akhir_tes >= k.tanggal_tes, {
    error: 'tidak boleh sebelum tanggal tes',
    path: ['akhir_tes'],
  });
export type KegiatanInput = z.infer<typeof KegiatanInput>;

/** An event as the console lists it, with its counts. */
export const PanitiaKegiatan = z.object({
  id_ukt: z.string(),
  nama_ukt: z.string(),
  nama_kegiatan: z.string(),
  tanggal_tes: z.string(),
  akhir_tes: z.string().nullable(),
  id_tingkat: z.string(),
  /** Archived: gone from the examiners' event list, data kept. */
  arsip: z.boolean(),
  /** Participants, withdrawn ones not counted. */
  jumlah_peserta: z.number(),
  /** Examiners who took or scored anyone in the event. */
  jumlah_penguji: z.number(),
  /** Participants with at least one score. */
  peserta_dinilai: z.number(),
  /** Ratified by the committee: every score write for it is refused (DESIGN §10). */
  disahkan: z.boolean().default(false),
});
export type PanitiaKegiatan = z.infer<typeof PanitiaKegiatan>;

/** Query of GET /panitia/kegiatan. */
export const PanitiaKegiatanQuery = z.object({
  arsip: z.enum(['0', '1', 'semua'], { error: 'harus 0, 1 atau semua' }).default('0'),
});

/** Body of POST /panitia/kegiatan/{id_ukt}/arsip. */
export const ArsipBody = z.object({ arsip: z.boolean({ error: 'arsip harus true atau false' }) });

/** Path of the per-event calls. */
export const KegiatanParams = z.object({ id_ukt: Id });
