import { KOMPONEN_DIHITUNG, type KomponenKey, type PassRule } from '../rules/pass-rule';
import { z } from '../zod';

// The console shows these messages as they are, in a list under the form: each is a sentence
// naming its field as the form labels it (docs/decisions/107).

const KEYS = [...KOMPONEN_DIHITUNG] as [KomponenKey, ...KomponenKey[]];
const score = (label: string) =>
  z
    .number({ error: `${label} harus berupa angka` })
    .min(0, { error: `${label} harus 0 sampai 100` })
    .max(100, { error: `${label} harus 0 sampai 100` });

/** A pass rule as the committee edits and the server stores it (DESIGN §10). */
export const PassRuleSchema = z
  .object({
    komponen: z
      .array(
        z.object({
          key: z.enum(KEYS, { error: 'Komponen tidak dikenal' }),
          bobot: score('Bobot'),
          minimum: score('Nilai minimum komponen').nullable(),
        }),
      )
      .min(1, { error: 'Pilih paling sedikit satu komponen' })
      .refine((list) => new Set(list.map((k) => k.key)).size === list.length, {
        error: 'Setiap komponen hanya boleh sekali',
      })
      .refine((list) => list.some((k) => k.bobot > 0), {
        error: 'Paling sedikit satu komponen harus berbobot',
      }),
    nilai_minimum: score('Nilai akhir minimum'),
    predikat: z
      .array(
        z.object({
          sampai: score('Batas predikat'),
          nama: z
            .string({ error: 'Nama predikat wajib diisi' })
            .trim()
            .min(1, { error: 'Nama predikat wajib diisi' })
            .max(40, { error: 'Nama predikat paling panjang 40 karakter' }),
        }),
      )
      .min(1, { error: 'Isi paling sedikit satu predikat' })
      .refine(
        (list) => list.every((p, i) => i === 0 || p.sampai > (list[i - 1] as { sampai: number }).sampai),
        {
          error: 'Batas predikat harus naik dari atas ke bawah',
        },
      )
      .refine((list) => list.at(-1)?.sampai === 100, { error: 'Batas predikat terakhir harus 100' }),
  })
  .strict() satisfies z.ZodType<PassRule>;
