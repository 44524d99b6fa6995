import { KOMPONEN, type KomponenKey } from '../rules/pass-rule';
import { z } from '../zod';
import { Id, OptionalId, wholeNumber } from './common';

const KOMPONEN_KEYS = KOMPONEN.map((k) => k.key) as [KomponenKey, ...KomponenKey[]];

/** An exam's component key on the participant calls ('jurus', 'toyak_senam' …). */
export const UjianKey = z.enum(KOMPONEN_KEYS, { error: 'tidak dikenal' });

/** One exam event (SPEC §3 test event). */
export const Kegiatan = z.object({
  id_ukt: z.string(),
  nama_ukt: z.string(),
  nama_kegiatan: z.string(),
  tanggal_tes: z.string(),
  akhir_tes: z.string().nullable(),
  id_tingkat: z.string(),
  /** The posts the examiner is assigned to at this event; empty: every post (docs/decisions/109). */
  pos: z.array(z.number()).default([]),
});
export type Kegiatan = z.infer<typeof Kegiatan>;

/** Query of GET /DataSiswa/siswa (SPEC §7, DESIGN §4). */
export const SiswaQuery = z.object({
  hal: wholeNumber(1, 100_000, 'halaman mulai dari 1').default(1),
  nama: z.string().trim().max(100, { error: 'pencarian terlalu panjang' }).default(''),
  posUjian: wholeNumber(0, 4, 'pos ujian 0 sampai 4').default(0),
  id_perwapus: OptionalId,
  id_cabang: OptionalId,
  id_ranting: OptionalId,
  id_rayon: OptionalId,
  id_ukt: Id,
  /** 'Belum dinilai': only participants without a score for this exam (issue 13 item 4). */
  belum_dinilai: z.preprocess((value) => (value === '' ? undefined : value), UjianKey.optional()),
});
export type SiswaQuery = z.infer<typeof SiswaQuery>;

/** Rows a participant page holds (DESIGN §4). */
export const SISWA_PAGE_SIZE = 20;

/** One participant row of the list (DESIGN §4). */
export const SiswaRow = z.object({
  id_siswa: z.string(),
  no_urut: z.string(),
  nama: z.string(),
  cabang: z.string(),
  provinsi: z.string(),
  nama_ranting: z.string(),
  nama_rayon: z.string(),
  sudah_keshan: z.string().nullable(),
  sudah_tes: z.string().nullable(),
  sudah_fisik: z.string().nullable(),
  sudah_sambung: z.string().nullable(),
  sudah_ujian: z.union([z.literal(0), z.literal(1)]),
  /** The exams the participant has a score for (the picker's to-do marks). */
  dinilai: z.array(UjianKey),
});
export type SiswaRow = z.infer<typeof SiswaRow>;

/** Paging facts sent with a participant page. */
export const PageMeta = z.object({
  hal: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_pages: z.number(),
});
export type PageMeta = z.infer<typeof PageMeta>;

/** The participant of the exam in progress (SPEC §3, client state dataw). */
export const Peserta = z.object({
  id_siswa: z.string(),
  nama: z.string(),
  cabang: z.string(),
  provinsi: z.string(),
});
export type Peserta = z.infer<typeof Peserta>;

const flagValue = z.union([z.number(), z.string().max(40)]);

/** Body of POST /DataSiswa/siswaUpdate/{id_siswa}: one post flag plus the event (SPEC §7). */
export const SiswaUpdateBody = z
  .object({
    id_ukt: Id,
    sudah_keshan: flagValue.optional(),
    sudah_tes: flagValue.optional(),
    sudah_fisik: flagValue.optional(),
    sudah_sambung: flagValue.optional(),
  })
  .refine(
    (body) =>
      [body.sudah_keshan, body.sudah_tes, body.sudah_fisik, body.sudah_sambung].filter((v) => v !== undefined)
        .length === 1,
    {
      error: 'Isi tepat satu dari sudah_keshan, sudah_tes, sudah_fisik atau sudah_sambung',
      path: ['sudah_tes'],
    },
  );
export type SiswaUpdateBody = z.infer<typeof SiswaUpdateBody>;

/** Path of the participant calls. */
export const SiswaParams = z.object({ id_siswa: Id });

/** Filter options (SPEC §3). */
export const PerwapusOption = z.object({ id_perwapus: z.string(), perwapus: z.string() });
export const CabangOption = z.object({ id_cabang: z.string(), cabang: z.string() });
export const RantingOption = z.object({ id_ranting: z.string(), ranting: z.string() });
export const RayonOption = z.object({ id: z.string(), rayon: z.string() });
export type PerwapusOption = z.infer<typeof PerwapusOption>;
export type CabangOption = z.infer<typeof CabangOption>;
export type RantingOption = z.infer<typeof RantingOption>;
export type RayonOption = z.infer<typeof RayonOption>;
