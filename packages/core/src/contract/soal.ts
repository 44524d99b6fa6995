import { Id, Tingkat } from '../schemas/common';
import { requiredText } from '../schemas/teks';
import { z } from '../zod';

// The console's Soal calls under /uktNEW/api/panitia/soal (DESIGN §9): the KESHAN questions with
// their keys, which only the console sees.

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
  soal_tanya: requiredText(1000, 'soal_tanya'),
  a: requiredText(300, 'a'),
  b: requiredText(300, 'b'),
  c: requiredText(300, 'c'),
  d: requiredText(300, 'd'),
  jawaban_benar: z.enum(['a', 'b', 'c', 'd'], { error: 'harus a, b, c atau d' }),
});
export type SoalInput = z.infer<typeof SoalInput>;

/** The answer of a question edit: how many stored scores the new key changed. */
export const SoalEditHasil = z.object({ soal: PanitiaSoal, dinilai_ulang: z.number() });
