import { KESHAN_QUESTIONS } from '../rules/keshan';
import { z } from '../zod';
import { Id, Tingkat, wholeNumber } from './common';

/** A KESHAN question as the examiner app receives it: never with the answer key (DESIGN §4). */
export const Soal = z.object({
  id_soal: z.string(),
  no: z.number(),
  soal_tanya: z.string(),
  a: z.string(),
  b: z.string(),
  c: z.string(),
  d: z.string(),
});
export type Soal = z.infer<typeof Soal>;

/** Path of GET /keshan/soal/{id}: the belt whose question set is asked for. */
export const SoalParams = z.object({ id: Tingkat });

/** Body of POST /keshan/jawaban: the answers to grade on the server. */
export const JawabanBody = z.object({
  id_ukt: Id,
  id_siswa: Id,
  id_tingkat: Tingkat,
  jawaban: z
    .array(z.object({ id_soal: Id, jawaban: z.enum(['a', 'b', 'c', 'd']).nullable() }))
    .max(KESHAN_QUESTIONS, { error: `paling banyak ${KESHAN_QUESTIONS} jawaban` }),
});
export type JawabanBody = z.infer<typeof JawabanBody>;

/** The server's grade of a KESHAN test. */
export const KeshanResult = z.object({
  benar: z.number(),
  salah: z.number(),
  kosong: z.number(),
  nilai: z.number(),
});

/** Text fields of the multipart POST /keshan/upload-audio (the file part is 'audio'). */
export const AudioFields = z.object({
  id_siswa: Id,
  id_soal: wholeNumber(1, 2, 'harus 1 atau 2'),
  id_ukt: Id,
});
export type AudioFields = z.infer<typeof AudioFields>;

/** Largest audio recording accepted (DESIGN §4). */
export const AUDIO_MAX_BYTES = 10 * 1024 * 1024;
