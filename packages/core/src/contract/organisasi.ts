import { Organisasi } from '../schemas/auth';
import { requiredText } from '../schemas/teks';
import { z } from '../zod';

// The console's Organisasi calls under /uktNEW/api/panitia/organisasi (DESIGN §9): the branding,
// the announcement and the images examiners see.

/** A colour as #rrggbb. */
const Warna = z
  .string({ error: 'wajib diisi' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'harus berupa kode warna #rrggbb, contoh #1a7f37' });

/** Body of PUT /panitia/organisasi: the branding and the announcement examiners see. */
export const OrganisasiInput = z.object({
  nama_organisasi: requiredText(150, 'nama_organisasi'),
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
