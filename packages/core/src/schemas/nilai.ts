import { FISIK_EXERCISES, type FisikId, fisikConverted, MFT_LEVELS, PLANK_MAX_SECONDS } from '../rules/fisik';
import { KOLOM_BARIS, type KolomBaris, NILAI_FIELDS, type NilaiField } from '../rules/nilai-kolom';
import { BONUS_MAX, BONUS_MIN, KSHAN_VALUES, ROW_SCALE, SAMBUNG_SCALE } from '../rules/scales';
import { z } from '../zod';
import { Id, Tingkat } from './common';

/** Query of GET /DataSiswa/NilaiSiswa. */
export const NilaiQuery = z.object({ id_siswa: Id, id_tingkat: Tingkat, id_ukt: Id });
export type NilaiQuery = z.infer<typeof NilaiQuery>;

/** The examiner's extra score: a whole number 0–5 (SPEC §5). */
export const Bonus = z
  .number({ error: 'harus berupa angka' })
  .int({ error: 'harus bilangan bulat 0 sampai 5' })
  .min(BONUS_MIN, { error: 'harus 0 sampai 5' })
  .max(BONUS_MAX, { error: 'harus 0 sampai 5' });

const ROW_MIN = Math.min(...ROW_SCALE);
const ROW_MAX = Math.max(...ROW_SCALE);

const base = { id_siswa: Id, id_ukt: Id, id_tingkat: Tingkat };

/** A rows-and-bonus group: the value is a row average (50–80) plus the bonus that is also sent. */
function rowGroup<K extends string>(key: K) {
  const plus = `${key}_plus` as `${K}_plus`;
  const shape = {
    ...base,
    [key]: z.number({ error: 'harus berupa angka' }),
    [plus]: Bonus.default(0),
  } as { id_siswa: typeof Id; id_ukt: typeof Id; id_tingkat: typeof Tingkat } & Record<K, z.ZodNumber> &
    Record<`${K}_plus`, z.ZodDefault<typeof Bonus>>;
  return z.strictObject(shape).superRefine((body, ctx) => {
    const values = body as unknown as Record<string, number>;
    const average = (values[key] as number) - (values[plus] as number);
    if (average < ROW_MIN - 1e-9 || average > ROW_MAX + 1e-9) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `harus rata-rata ${ROW_MIN}–${ROW_MAX} ditambah nilai tambahan`,
      });
    }
  });
}

/** One row group per column (a union of them, not one group holding every column). */
type RowGroupOf<K extends string> = K extends string ? ReturnType<typeof rowGroup<K>> : never;

const scaleValue = (scale: readonly number[]) =>
  z.number({ error: 'harus berupa angka' }).refine((v) => scale.includes(v), {
    error: `harus salah satu dari ${scale.join(', ')}`,
  });

/**
 * One score group of POST /DataSiswa/NilaiSiswa (SPEC §3 posted groups), validated against SPEC §5/§9:
 * the pairs, SAMBUNG and KSHAN their own, every rows-and-bonus exam of NILAI_KOLOM a row group.
 */
export const NilaiBody = z.union([
  z
    .strictObject({
      ...base,
      nilai_pasang: z.number({ error: 'harus berupa angka' }),
      nilai_pasang_plus: Bonus.default(0),
    })
    .superRefine((body, ctx) => {
      const earned = body.nilai_pasang - body.nilai_pasang_plus;
      if (earned < 50 - 1e-9 || earned > 80 + 1e-9) {
        ctx.addIssue({
          code: 'custom',
          path: ['nilai_pasang'],
          message: 'harus 50–80 ditambah nilai tambahan',
        });
      }
    }),
  z.strictObject({ ...base, nilai_sambung: scaleValue(SAMBUNG_SCALE) }),
  z.strictObject({ ...base, nilai_kshan: scaleValue(KSHAN_VALUES), nilai_kshan_plus: Bonus.default(0) }),
  // The rows-and-bonus exams (NILAI_KOLOM's 'baris'), each a score and its extra score.
  ...(KOLOM_BARIS.map((kolom) => rowGroup(kolom)) as RowGroupOf<KolomBaris>[]),
]);
export type NilaiBody = z.infer<typeof NilaiBody>;

/** The score fields a NilaiSiswa body carries, i.e. which group it saves. */
export function nilaiBodyFields(body: NilaiBody): string[] {
  return Object.keys(body).filter((k) => k.startsWith('nilai_'));
}

const scoreShape = Object.fromEntries(
  NILAI_FIELDS.flatMap((f) => [
    [f, z.number()],
    [`${f}_plus`, z.number()],
  ]),
) as Record<NilaiField | `${NilaiField}_plus`, z.ZodNumber>;

/** The score record of a participant at a belt level (SPEC §3), zeros where nothing is scored. */
export const NilaiRecord = z.object({
  id_nilai: z.string(),
  id_siswa: z.string(),
  id_tingkat: z.string(),
  ...scoreShape,
  nilai_fisik2: z.number(),
  created_at: z.string().nullable(),
  update_at: z.string().nullable(),
  del: z.number(),
});
export type NilaiRecord = z.infer<typeof NilaiRecord>;

const count = (max: number) =>
  z
    .number({ error: 'harus berupa angka' })
    .int({ error: 'harus bilangan bulat' })
    .min(0, { error: 'tidak boleh negatif' })
    .max(max, { error: `paling banyak ${max}` });

/** Body of POST /DataSiswa/nilaifisiksiswa: raw and converted pairs (SPEC §3 physical payload). */
export const FisikBody = z
  .object({
    ...base,
    id_penguji: z.union([z.string(), z.number()]).optional(),
    nilai_mft: z.enum(MFT_LEVELS as [string, ...string[]], { error: 'level MFT tidak dikenal' }),
    nilai_mft2: z.number(),
    nilai_pushup: count(1000),
    nilai_pushup2: z.number(),
    nilai_sperperut_atas: count(1000),
    nilai_sperperut_atas2: z.number(),
    nilai_sperperut_bawah: count(1000),
    nilai_sperperut_bawah2: z.number(),
    nilai_plank: count(PLANK_MAX_SECONDS),
    nilai_plank2: z.number(),
  })
  .superRefine((body, ctx) => {
    const field = fisikMismatch(body);
    if (field)
      ctx.addIssue({ code: 'custom', path: [field], message: 'tidak sesuai dengan nilai mentahnya' });
  });
export type FisikBody = z.infer<typeof FisikBody>;

/** The first converted field of a physical payload that does not match its raw value, or null. */
export function fisikMismatch(body: Record<string, unknown>): string | null {
  for (const exercise of FISIK_EXERCISES) {
    const converted = `${exercise.field}2`;
    const expected = fisikConverted(exercise.id_fisik as FisikId, body[exercise.field] as string | number);
    if (Math.abs(Number(body[converted]) - expected) > 0.005) return converted;
  }
  return null;
}
