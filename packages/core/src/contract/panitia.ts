import { fieldLabel } from '../labels';
import { TINGKAT_WILAYAH, type TingkatWilayah } from '../rules/impor-teks';
import { PESERTA_FIELDS_SENDIRI, type PesertaFieldSendiri } from '../rules/peserta-fields';
import { NoWa, Organisasi } from '../schemas/auth';
import { Id, OptionalId, Tingkat, wholeNumber } from '../schemas/common';
import { PageMeta } from '../schemas/siswa';
import { z } from '../zod';

// The committee console's calls under /uktNEW/api/panitia (DESIGN §9): what the server validates
// and answers, and what the console parses. Only a committee admin (panitia 'Admin' or
// 'adminstrator', SPEC §6) may call them; everyone else gets 403.

/** A required text field; its messages name the field as the console labels it (docs/decisions/107). */
const text = (field: string, max: number) =>
  z
    .string({ error: `${fieldLabel(field)} wajib diisi` })
    .trim()
    .min(1, { error: `${fieldLabel(field)} wajib diisi` })
    .max(max, { error: `${fieldLabel(field)} paling panjang ${max} karakter` });

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

// ---------------------------------------------------------------- kegiatan

/** Body of POST /panitia/kegiatan and PUT /panitia/kegiatan/{id_ukt}. */
export const KegiatanInput = z
  .object({
    nama_ukt: text('nama_ukt', 150),
    nama_kegiatan: text('nama_kegiatan', 150),
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

// ---------------------------------------------------------------- impor

/** What an import file holds (DESIGN §6, §9). */
export const IMPOR_JENIS = ['kegiatan', 'penguji', 'peserta', 'soal'] as const;
export type ImporJenis = (typeof IMPOR_JENIS)[number];

/** Path of the import calls. */
export const ImporParams = z.object({
  jenis: z.enum(IMPOR_JENIS, { error: 'Jenis impor harus kegiatan, penguji, peserta atau soal' }),
});

/** Query of the import calls: the event (peserta) or the belt (soal) the rows belong to. */
export const ImporQuery = z.object({ id_ukt: OptionalId, tingkat: Tingkat.optional() });

/** Largest import file accepted, in bytes. */
export const IMPOR_MAX_BYTES = 20 * 1024 * 1024;

/** Most data rows one import file may hold. */
export const IMPOR_MAX_ROWS = 200_000;

/** Most bytes the parts of an .xlsx file may unpack to (counted while they unpack). */
export const IMPOR_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/**
 * A region name of an import file that is not stored: `mirip` is the stored region it probably
 * means (a near miss, which the committee decides by `kunci`), or null for a region to be created.
 */
export const ImporWilayah = z.object({
  kunci: z.string(),
  tingkat: z.enum(['perwapus', 'cabang', 'ranting', 'rayon']),
  nama: z.string(),
  /** The names of the levels above, as the file gives them. */
  induk: z.array(z.string()),
  mirip: z.string().nullable(),
  /** The first line naming it, and how many rows do. */
  baris: z.number(),
  jumlah_baris: z.number(),
});
export type ImporWilayah = z.infer<typeof ImporWilayah>;

/** The committee's answer to a near miss: use the stored region, or create the new one. */
export const IMPOR_PILIHAN = ['pakai', 'baru'] as const;

/** The multipart field of an import holding the committee's decisions, by `kunci` (JSON). */
export const IMPOR_KEPUTUSAN_FIELD = 'keputusan_wilayah';
export const ImporKeputusan = z.record(z.string(), z.enum(IMPOR_PILIHAN));
export type ImporKeputusan = z.infer<typeof ImporKeputusan>;

/**
 * The multipart field of an import confirming the changes to participants who already have
 * scores: how many the committee confirmed (docs/decisions/149).
 */
export const IMPOR_KONFIRMASI_DINILAI_FIELD = 'yakin_dinilai';

/**
 * How many rows and errors a preview sends at most (the counts cover the whole file): an exam
 * day's file whole; the console draws only the rows in view.
 */
export const IMPOR_PREVIEW_ROWS = 5000;
export const IMPOR_PREVIEW_ERRORS = 5000;

/**
 * One problem of an import file: its line (the header is line 1), field and message; `isi` is
 * the row as the file gives it, by column (the preview's error file).
 */
export const ImporKesalahan = z.object({
  baris: z.number(),
  kolom: z.string(),
  pesan: z.string(),
  isi: z.record(z.string(), z.string()).optional(),
});
export type ImporKesalahan = z.infer<typeof ImporKesalahan>;

/** One field an update changes: its column, label, stored value and new value. */
export const ImporPerubahan = z.object({
  kolom: z.string(),
  label: z.string(),
  lama: z.string(),
  baru: z.string(),
});
export type ImporPerubahan = z.infer<typeof ImporPerubahan>;

/** One row of a preview as it will be stored, with what an update changes. */
export const ImporBaris = z.object({
  baris: z.number(),
  status: z.enum(['baru', 'diperbarui', 'tetap']),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  perubahan: z.array(ImporPerubahan),
  /** An update of the name or region of a participant who already has scores. */
  dinilai: z.boolean(),
});
export type ImporBaris = z.infer<typeof ImporBaris>;

/** The preview of an import: nothing is written. */
export const ImporPratinjau = z.object({
  jenis: z.enum(IMPOR_JENIS),
  jumlah_baris: z.number(),
  baru: z.number(),
  diperbarui: z.number(),
  tetap: z.number(),
  /** The first rows as they will be stored. */
  baris: z.array(ImporBaris),
  /**
   * The updates of participants who already have scores (up to IMPOR_PREVIEW_ROWS), with their
   * number: importing them needs its own confirmation.
   */
  dinilai: z.array(ImporBaris),
  jumlah_dinilai: z.number(),
  /** Every error (up to IMPOR_PREVIEW_ERRORS), with the total. */
  kesalahan: z.array(ImporKesalahan),
  jumlah_kesalahan: z.number(),
  /** What the reader did that the committee should know (header row, encoding, sample row skipped). */
  catatan: z.array(z.string()),
  /**
   * The optional columns the file does not carry: every updated row keeps their stored values, a
   * new row gets their default (docs/decisions/156).
   */
  kolom_tetap: z.array(z.object({ kolom: z.string(), label: z.string() })),
  /** Region names not stored: near misses to decide, and new regions to be created. */
  wilayah: z.array(ImporWilayah),
});
export type ImporPratinjau = z.infer<typeof ImporPratinjau>;

/** The outcome of an applied import. */
export const ImporHasil = z.object({ baru: z.number(), diperbarui: z.number(), tetap: z.number() });
export type ImporHasil = z.infer<typeof ImporHasil>;

/**
 * The answer of a refused import (400): nothing was written; the message names the first
 * mistakes, `data` holds them by line and field (up to IMPOR_PREVIEW_ERRORS) with the total.
 */
export const ImporDitolak = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.object({ kesalahan: z.array(ImporKesalahan), jumlah_kesalahan: z.number() }).optional(),
});
export type ImporDitolak = z.infer<typeof ImporDitolak>;

// ---------------------------------------------------------------- penguji

/** Committee roles an examiner can have; the two admin spellings are the data's (SPEC §6). */
export const PANITIA_ROLES = ['Penguji', 'Admin', 'adminstrator'] as const;

/** Body of POST /panitia/penguji and PUT /panitia/penguji/{id_pemilih}. */
export const PengujiInput = z
  .object({
    no_wa: NoWa,
    nama: text('nama', 120),
    id_perwapus: OptionalId,
    id_cabang: OptionalId,
    panitia: z.enum(PANITIA_ROLES, { error: 'Peran panitia harus Penguji, Admin atau adminstrator' }),
    dewan: wholeNumber(1, 9, 'harus 1 sampai 9'),
  })
  .refine((p) => p.panitia !== 'Penguji' || (p.id_perwapus !== undefined && p.id_cabang !== undefined), {
    // A non-admin without a region would be locked to nothing (fail closed): never create one.
    error:
      'wajib diisi untuk penguji yang bukan admin (perwapus dan cabang menentukan peserta yang boleh diuji)',
    path: ['id_cabang'],
  });
export type PengujiInput = z.infer<typeof PengujiInput>;

/** A post 1–4 an examiner may be assigned to (KESHAN, TEKNIK, FISIK, SAMBUNG). */
const TugasPos = wholeNumber(1, 4, 'pos harus 1 sampai 4');

/** An examiner's assignment to an event: every post (pos empty) or only these posts. */
export const Tugas = z.object({ id_ukt: z.string(), pos: z.array(z.number()) });
export type Tugas = z.infer<typeof Tugas>;

/** Body of PUT /panitia/penguji/{id_pemilih}/tugas: the whole assignment, replacing the old. */
export const TugasBody = z.object({
  tugas: z
    .array(z.object({ id_ukt: Id, pos: z.array(TugasPos).max(4) }))
    .max(500, { error: 'paling banyak 500 kegiatan' }),
});
export type TugasBody = z.infer<typeof TugasBody>;

/** An examiner as the console lists it. */
export const PanitiaPenguji = z.object({
  id_pemilih: z.string(),
  no_wa: z.string(),
  nama: z.string(),
  id_perwapus: z.string().nullable(),
  perwapus: z.string().nullable(),
  id_cabang: z.string().nullable(),
  cabang: z.string().nullable(),
  panitia: z.string(),
  dewan: z.number(),
  aktif: z.boolean(),
  /** ISO time of the last sign-in or score write, or null. */
  aktivitas_terakhir: z.string().nullable(),
  /** The events they are assigned to (none: every event, docs/decisions/109). */
  tugas: z.array(Tugas),
});
export type PanitiaPenguji = z.infer<typeof PanitiaPenguji>;

/** The answer of GET /panitia/penguji: a page of 20 examiners and the paging facts. */
export const PanitiaPengujiList = z.object({
  success: z.literal(true),
  data: z.array(PanitiaPenguji),
  meta: PageMeta,
});

/** Query of GET /panitia/penguji. */
export const PanitiaPengujiQuery = z.object({
  cari: z.string().trim().max(100, { error: 'pencarian terlalu panjang' }).default(''),
  hal: wholeNumber(1, 100_000, 'halaman mulai dari 1').default(1),
  /** Only the examiners assigned to this event. */
  id_ukt: OptionalId,
});

/** Path of the per-examiner calls. */
export const PengujiParams = z.object({ id_pemilih: Id });

/** Body of POST /panitia/penguji/{id_pemilih}/aktif. */
export const AktifBody = z.object({ aktif: z.boolean({ error: 'aktif harus true atau false' }) });

/** Body of POST /panitia/penguji/{id_pemilih}/tautan: the belt a /utss link sets, if any. */
export const TautanBody = z.object({ sabuk: Tingkat.optional() });

/** A fresh single-use login link and its WhatsApp share link. */
export const TautanLogin = z.object({
  url: z.string(),
  /** https://wa.me/<no_wa>?text=… with an Indonesian message holding the link. */
  whatsapp: z.string(),
  berlaku_sampai: z.string(),
});
export type TautanLogin = z.infer<typeof TautanLogin>;

// ---------------------------------------------------------------- peserta

/** Query of GET /panitia/kegiatan/{id_ukt}/peserta. */
export const PanitiaPesertaQuery = z.object({
  cari: z.string().trim().max(100, { error: 'pencarian terlalu panjang' }).default(''),
  id_perwapus: OptionalId,
  id_cabang: OptionalId,
  id_ranting: OptionalId,
  id_rayon: OptionalId,
  status: z.enum(['aktif', 'mundur', 'semua'], { error: 'harus aktif, mundur atau semua' }).default('semua'),
  hal: wholeNumber(1, 100_000, 'halaman mulai dari 1').default(1),
});

/** Who took a participant at a post: the examiner's id and name, or null. */
const Holder = z.object({ id_pemilih: z.string(), nama: z.string() }).nullable();

/** A participant's own fields as the console reads them: a number or text (PESERTA_FIELDS). */
const pesertaFieldsShown = Object.fromEntries(
  PESERTA_FIELDS_SENDIRI.map((f) => [f.kolom, f.jenis === 'nomor' ? z.number() : z.string()]),
) as { [F in PesertaFieldSendiri as F['kolom']]: F extends { jenis: 'nomor' } ? z.ZodNumber : z.ZodString };

/** Each region of a participant as the console reads it: its id and its name. */
const pesertaRegionsShown = Object.fromEntries(
  TINGKAT_WILAYAH.flatMap((level) => [
    [`id_${level}`, z.string()],
    [level, z.string()],
  ]),
) as { [L in TingkatWilayah as `id_${L}` | L]: z.ZodString };

/** A participant as the console lists it. */
export const PanitiaPeserta = z.object({
  id_siswa: z.string(),
  ...pesertaFieldsShown,
  ...pesertaRegionsShown,
  mundur: z.boolean(),
  pos: z.object({
    sudah_keshan: Holder,
    sudah_tes: Holder,
    sudah_fisik: Holder,
    sudah_sambung: Holder,
  }),
});
export type PanitiaPeserta = z.infer<typeof PanitiaPeserta>;

/** The answer of GET /panitia/kegiatan/{id_ukt}/peserta: a page of 20 participants and the paging facts. */
export const PanitiaPesertaList = z.object({
  success: z.literal(true),
  data: z.array(PanitiaPeserta),
  meta: PageMeta,
});

/** The key (no_urut) as the console sends it: missing on create, the event's next free number. */
const pesertaKunci = (f: { min: number; max: number }) =>
  wholeNumber(f.min, f.max, `harus ${f.min} sampai ${f.max}`).optional();

/** An optional text of a participant, empty when missing. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `paling panjang ${max} karakter` })
    .default('');

/** How the console's form checks one of a participant's own fields. */
type PesertaFieldInput<F> = F extends { jenis: 'nomor' }
  ? ReturnType<typeof pesertaKunci>
  : F extends { wajib: true }
    ? ReturnType<typeof text>
    : ReturnType<typeof optionalText>;

/** A participant's own fields as the console's form sends them (PESERTA_FIELDS). */
const pesertaFieldsInput = Object.fromEntries(
  PESERTA_FIELDS_SENDIRI.map((f) => [
    f.kolom,
    f.jenis === 'nomor' ? pesertaKunci(f) : f.wajib ? text(f.kolom, f.max) : optionalText(f.max),
  ]),
) as { [F in PesertaFieldSendiri as F['kolom']]: PesertaFieldInput<F> };

/** Body of POST /panitia/kegiatan/{id_ukt}/peserta and PUT …/peserta/{id_siswa}. */
export const PesertaInput = z.object({
  ...pesertaFieldsInput,
  /** The rayon fixes ranting, cabang and perwapus. */
  id_rayon: Id,
});
export type PesertaInput = z.infer<typeof PesertaInput>;

/** Path of the per-participant calls. */
export const PesertaParams = z.object({ id_ukt: Id, id_siswa: Id });

/** Body of POST …/peserta/{id_siswa}/mundur. */
export const MundurBody = z.object({ mundur: z.boolean({ error: 'mundur harus true atau false' }) });

/** Body of POST …/peserta/{id_siswa}/lepas: the post to release the participant at. */
export const LepasBody = z.object({
  pos: z.enum(['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'], {
    error: 'harus pos KESHAN, TEKNIK, FISIK atau SAMBUNG',
  }),
});

// ---------------------------------------------------------------- soal

/** A KESHAN question with its key, as only the console sees it. */
export const PanitiaSoal = z.object({
  id_soal: z.string(),
  id_tingkat: z.string(),
  no: z.number(),
  soal_tanya: z.string(),
  a: z.string(),
  b: z.string(),
  c: z.string(),
  d: z.string(),
  jawaban_benar: z.enum(['a', 'b', 'c', 'd']),
});
export type PanitiaSoal = z.infer<typeof PanitiaSoal>;

/** Path of GET /panitia/soal/{tingkat}. */
export const SoalTingkatParams = z.object({ tingkat: Tingkat });

/** Path of PUT /panitia/soal/{tingkat}/{id_soal}. */
export const SoalEditParams = z.object({ tingkat: Tingkat, id_soal: Id });

/** Body of PUT /panitia/soal/{tingkat}/{id_soal}. */
export const SoalInput = z.object({
  soal_tanya: text('soal_tanya', 1000),
  a: text('a', 300),
  b: text('b', 300),
  c: text('c', 300),
  d: text('d', 300),
  jawaban_benar: z.enum(['a', 'b', 'c', 'd'], { error: 'harus a, b, c atau d' }),
});
export type SoalInput = z.infer<typeof SoalInput>;

/** The answer of a question edit: how many stored scores the new key changed. */
export const SoalEditHasil = z.object({ soal: PanitiaSoal, dinilai_ulang: z.number() });

// ---------------------------------------------------------------- organisasi

/** A colour as #rrggbb. */
const Warna = z
  .string({ error: 'wajib diisi' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'harus berupa kode warna #rrggbb, contoh #1a7f37' });

/** Body of PUT /panitia/organisasi: the branding and the announcement examiners see. */
export const OrganisasiInput = z.object({
  nama_organisasi: text('nama_organisasi', 150),
  kota: z
    .string({ error: 'harus berupa teks' })
    .trim()
    .max(80, { error: 'paling panjang 80 karakter' })
    .default(''),
  warna: Warna,
  warna2: Warna,
  warna3: Warna,
  warna4: Warna,
  /** The current announcement ('' for none), shown as the hub's modal. */
  pengumuman: z.string().trim().max(2000, { error: 'pengumuman paling panjang 2000 karakter' }).default(''),
});
export type OrganisasiInput = z.infer<typeof OrganisasiInput>;

/** Largest logo or banner image accepted, in bytes. */
export const GAMBAR_MAX_BYTES = 2 * 1024 * 1024;

/** The image slots of an organisation: its logo and six banners. */
export const GAMBAR_SLOTS = [
  'logo',
  'banner1',
  'banner2',
  'banner3',
  'banner4',
  'banner5',
  'banner6',
] as const;
export type GambarSlot = (typeof GAMBAR_SLOTS)[number];

/** Path of the image calls: the logo, or a banner slot 1–6. */
export const GambarParams = z.object({
  slot: z.enum(GAMBAR_SLOTS, {
    error: 'harus logo atau banner1 sampai banner6',
  }),
});

/**
 * The organisation as the console edits it: the public record (pengumuman and banner URLs
 * included) plus each image slot's URL, null where nothing is uploaded.
 */
export const PanitiaOrganisasi = Organisasi.extend({
  gambar: z.object(
    Object.fromEntries(GAMBAR_SLOTS.map((slot) => [slot, z.string().nullable()])) as Record<
      GambarSlot,
      z.ZodNullable<z.ZodString>
    >,
  ),
});
export type PanitiaOrganisasi = z.infer<typeof PanitiaOrganisasi>;
