import { KOMPONEN, type KomponenKey, type PassRule } from '../rules/pass-rule';
import { z } from '../zod';

const KEYS = KOMPONEN.map((k) => k.key) as [KomponenKey, ...KomponenKey[]];
const score = (label: string) =>
  z
    .number({ error: `${label} harus berupa angka` })
    .min(0, { error: `${label} 0 sampai 100` })
    .max(100, { error: `${label} 0 sampai 100` });

/** A pass rule as the committee edits and the server stores it (DESIGN §10). */
export const PassRuleSchema = z
  .object({
    komponen: z
      .array(
        z.object({
          key: z.enum(KEYS, { error: 'komponen tidak dikenal' }),
          bobot: score('bobot'),
          minimum: score('minimum').nullable(),
        }),
      )
      .min(1, { error: 'pilih paling sedikit satu komponen' })
      .refine((list) => new Set(list.map((k) => k.key)).size === list.length, {
        error: 'setiap komponen hanya boleh sekali',
      })
      .refine((list) => list.some((k) => k.bobot > 0), { error: 'paling sedikit satu komponen berbobot' }),
    nilai_minimum: score('nilai_minimum'),
    predikat: z
      .array(
        z.object({
          sampai: score('batas predikat'),
          nama: z.string().trim().min(1, { error: 'nama predikat wajib diisi' }).max(40),
        }),
      )
      .min(1, { error: 'paling sedikit satu predikat' })
      .refine(
        (list) => list.every((p, i) => i === 0 || p.sampai > (list[i - 1] as { sampai: number }).sampai),
        {
          error: 'batas predikat harus naik',
        },
      )
      .refine((list) => list.at(-1)?.sampai === 100, { error: 'predikat terakhir harus sampai 100' }),
  })
  .strict() satisfies z.ZodType<PassRule>;
