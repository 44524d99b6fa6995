import { NoWa } from '../schemas/auth';
import { Id, OptionalId, Tingkat, wholeNumber } from '../schemas/common';
import { PageMeta } from '../schemas/siswa';
import { requiredText } from '../schemas/teks';
import { z } from '../zod';

// The console's Penguji calls under /uktNEW/api/panitia/penguji (DESIGN §9): examiners, their
// roles, their assignments and their login links.

/** Committee roles an examiner can have; the two admin spellings are the data's (SPEC §6). */
export const PANITIA_ROLES = ['Penguji', 'Admin', 'adminstrator'] as const;

/** Body of POST /panitia/penguji and PUT /panitia/penguji/{id_pemilih}. */
export const PengujiInput = z
  .object({
    no_wa: NoWa,
    nama: requiredText(120, 'nama'),
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
