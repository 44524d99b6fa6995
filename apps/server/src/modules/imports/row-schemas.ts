import {
  normalizePhone,
  optionalText,
  PESERTA_FIELDS,
  type PesertaField,
  phoneProblem,
  rapikanNama,
  rapikanNamaWilayah,
  rapikanSpasi,
  requiredText,
} from '@ukt/core';
import { z } from 'zod';

/** Most characters of a cell whose field sets no other most. */
const CELL_MAX = 200;
/** A required cell: core's text check; its messages name no field (the report gives line and column). */
const cell = (max = CELL_MAX) => requiredText(max);
/** An optional cell, empty when missing. */
const optionalCell = (max = CELL_MAX) => optionalText(max);
/** A person's name: spaces tidied and cased consistently (core's rapikanNama). */
const personName = (max?: number) => cell(max).transform(rapikanNama);
/**
 * A region's name: tidied as a new region is stored (core's rapikanNamaWilayah); it is matched to
 * stored regions whatever its case, and a match keeps the stored name.
 */
const region = (max?: number) => cell(max).transform(rapikanNamaWilayah);
const optionalRegion = () => optionalCell().transform(rapikanNamaWilayah);
const whole = (min: number, max: number) =>
  z
    .string({ error: 'wajib diisi' })
    .trim()
    .regex(/^\d+$/, { error: 'harus bilangan bulat' })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `harus ${min} sampai ${max}` });
const date = z
  .string({ error: 'wajib diisi' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'harus tanggal seperti 2026-12-06 (tahun-bulan-tanggal)' });

/** A row of a kegiatan (event) import file: `ukt import events` (DESIGN §6). */
export const KegiatanFileRow = z.object({
  id_ukt: whole(1, 2_147_483_647),
  nama_ukt: cell().transform(rapikanSpasi),
  nama_kegiatan: optionalCell(),
  tanggal_tes: date,
  akhir_tes: z.union([date, z.literal('').transform(() => null)]).default(null),
  id_tingkat: whole(1, 5),
});

/**
 * A row of a penguji (examiner) import file: `ukt import examiners`. A cabang without a perwapus
 * is refused with the stored copy in hand (import-kinds.ts): a file without Perwapus keeps the
 * stored one (docs/decisions/156).
 */
export const PengujiFileRow = z.object({
  no_wa: z
    .string({ error: 'wajib diisi' })
    // The one rule of every number (docs/decisions/155): its words follow the line and column.
    .superRefine((text, ctx) => {
      const problem = phoneProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizePhone),
  nama: personName(),
  perwapus: optionalRegion(),
  cabang: optionalRegion(),
  panitia: optionalCell(50),
  dewan: z.union([whole(1, 9), z.literal('').transform(() => 1)]).default(1),
});

/** How an import file's cell of one of a participant's fields is read and checked. */
type SiswaCell<F> = F extends { jenis: 'nomor' }
  ? ReturnType<typeof whole>
  : F extends { jenis: 'nama' }
    ? ReturnType<typeof personName>
    : F extends { jenis: 'wilayah' }
      ? ReturnType<typeof region>
      : F extends { wajib: true }
        ? ReturnType<typeof cell>
        : ReturnType<typeof optionalCell>;

/** The check of one participant's field in an import file (PESERTA_FIELDS). */
function siswaCell(f: PesertaField) {
  const max = 'maxImpor' in f ? f.maxImpor : undefined;
  switch (f.jenis) {
    case 'nomor':
      return whole(f.min, f.max);
    case 'nama':
      return personName(max);
    case 'wilayah':
      return region(max);
    default:
      return f.wajib ? cell(max) : optionalCell(max);
  }
}

/** A row of a siswa (participant) import file: `ukt import participants`. */
export const SiswaFileRow = z.object(
  Object.fromEntries(PESERTA_FIELDS.map((f) => [f.kolom, siswaCell(f)])) as {
    [F in PesertaField as F['kolom']]: SiswaCell<F>;
  },
);

/** A row of a soal (KESHAN question) import file: `ukt import questions`. */
export const SoalFileRow = z.object({
  no: whole(1, 100),
  soal_tanya: cell(2000),
  a: cell(500),
  b: cell(500),
  c: cell(500),
  d: cell(500),
  jawaban_benar: z
    .string({ error: 'wajib diisi' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(['a', 'b', 'c', 'd'], { error: 'harus a, b, c atau d' })),
});
