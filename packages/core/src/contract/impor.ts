import { IMPOR_JENIS } from '../rules/impor-kolom';
import { OptionalId, Tingkat } from '../schemas/common';
import { z } from '../zod';

// The console's Impor calls under /uktNEW/api/panitia/impor (DESIGN §6, §9): the preview, the
// import and their refusals. The kinds of file and their columns are core's rules/impor-kolom.

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
