import { z } from '../zod';

// The committee's own start (docs/decisions/154): the console's first page shows the first steps
// (an event, examiners, participants) until the organisation has them, and, while the demo is
// there, a way to remove it. GET /panitia/mulai and POST /panitia/demo/hapus.

/** How many examiners, events and participants the demo still holds. */
export const IsiDemo = z.object({
  penguji: z.number(),
  kegiatan: z.number(),
  peserta: z.number(),
});
export type IsiDemo = z.infer<typeof IsiDemo>;

/** Answer of GET /panitia/mulai: the demo (null when there is none) and what the organisation holds of its own. */
export const MulaiStatus = z.object({
  nama_organisasi: z.string(),
  demo: IsiDemo.nullable(),
  /** The signed-in admin is a demo examiner: removing the demo signs them out. */
  masuk_sebagai_demo: z.boolean(),
  /** The organisation's own events, examiners (committee admins not counted) and participants. */
  kegiatan: z.number(),
  penguji: z.number(),
  peserta: z.number(),
});
export type MulaiStatus = z.infer<typeof MulaiStatus>;

/** The most admin numbers one removal takes. */
export const ADMIN_BARU_MAX = 10;

/** Body of POST /panitia/demo/hapus: the organisation's own name and, when it has none yet, its admins' numbers. */
export const HapusDemoInput = z.object({
  nama_organisasi: z
    .string({ error: 'Nama organisasi wajib diisi' })
    .max(150, { error: 'Nama organisasi paling panjang 150 karakter' }),
  admin: z
    .array(
      z
        .string({ error: 'Nomor WhatsApp admin harus berupa nomor HP, misalnya 0812-3456-7890' })
        .max(40, { error: 'Nomor WhatsApp admin terlalu panjang' }),
      { error: 'Nomor WhatsApp admin wajib diisi (boleh kosong bila sudah ada admin panitia sendiri)' },
    )
    .max(ADMIN_BARU_MAX, { error: `Paling banyak ${ADMIN_BARU_MAX} nomor admin sekaligus` }),
});
export type HapusDemoInput = z.infer<typeof HapusDemoInput>;

/** What a removal did: false when there was no demo left to remove. */
export const HapusDemoHasil = z.object({
  dihapus: z.boolean(),
  penguji: z.number(),
  kegiatan: z.number(),
  peserta: z.number(),
  nama_organisasi: z.string(),
  /** The committee admins who sign in from now on, by number. */
  admin: z.array(z.string()),
  /** Admin numbers added now, as examiners named "Admin panitia" (the Penguji page changes the name). */
  admin_baru: z.array(z.string()),
  /** The caller was a demo examiner and is signed out: sign in again with an admin number. */
  keluar: z.boolean(),
});
export type HapusDemoHasil = z.infer<typeof HapusDemoHasil>;
