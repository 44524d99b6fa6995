import { TINGKAT_WILAYAH, type TingkatWilayah } from '../rules/impor-teks';
import { PESERTA_FIELDS_SENDIRI, type PesertaFieldSendiri } from '../rules/peserta-fields';
import { Id, OptionalId, wholeNumber } from '../schemas/common';
import { PageMeta } from '../schemas/siswa';
import { optionalText, requiredText } from '../schemas/teks';
import { z } from '../zod';

// The console's Peserta calls under /uktNEW/api/panitia/kegiatan/{id_ukt}/peserta (DESIGN §9):
// an event's participants, read and written by their fields in core's PESERTA_FIELDS.

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

/** How the console's form checks one of a participant's own fields. */
type PesertaFieldInput<F> = F extends { jenis: 'nomor' }
  ? ReturnType<typeof pesertaKunci>
  : F extends { wajib: true }
    ? ReturnType<typeof requiredText>
    : ReturnType<typeof optionalText>;

/** A participant's own fields as the console's form sends them (PESERTA_FIELDS). */
const pesertaFieldsInput = Object.fromEntries(
  PESERTA_FIELDS_SENDIRI.map((f) => [
    f.kolom,
    f.jenis === 'nomor' ? pesertaKunci(f) : f.wajib ? requiredText(f.max, f.kolom) : optionalText(f.max),
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
