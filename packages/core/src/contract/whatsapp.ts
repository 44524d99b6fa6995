import { Id, Tingkat } from '../schemas/common';
import { z } from '../zod';

// The console's view of WhatsApp messages through a gateway (docs/whatsapp.md,
// docs/decisions/138): each examiner's last message and how many of them did not leave.

/** A message's delivery state: waiting (or between tries), taken by the gateway, given up. */
export const WA_STATUS = ['antre', 'terkirim', 'gagal'] as const;

/** An examiner's last message through the gateway. */
export const WaPesanPenguji = z.object({
  id_pemilih: z.number().int(),
  nama: z.string(),
  no_wa: z.string(),
  /** otp (a login code) or another kind of message. */
  jenis: z.string(),
  status: z.enum(WA_STATUS),
  /** Why the last try failed (antre) or why it was given up (gagal); null once taken. */
  alasan: z.string().nullable(),
  percobaan: z.number().int().nonnegative(),
  /** When the state last changed (UTC, ISO 8601). */
  diperbarui_at: z.string(),
});
export type WaPesanPenguji = z.infer<typeof WaPesanPenguji>;

/** Answer of GET /panitia/whatsapp. */
export const WaPesanList = z.object({
  /** The gateway OTP_DELIVERY names, or null when messages do not go through one (log, file, webhook). */
  gateway: z.string().nullable(),
  /** Examiners whose last message was given up: Progres says "kode untuk N penguji gagal terkirim". */
  gagal: z.number().int().nonnegative(),
  /** Examiners whose last message is still waiting. */
  antre: z.number().int().nonnegative(),
  /** Each examiner with a message, the newest change first. */
  penguji: z.array(WaPesanPenguji),
});
export type WaPesanList = z.infer<typeof WaPesanList>;

/** Body of POST /panitia/whatsapp/tautan: the examiners to send a personal login link through the gateway. */
export const KirimTautanBody = z.object({
  id_pemilih: z
    .array(Id)
    .min(1, { error: 'pilih minimal satu penguji' })
    .max(1000, { error: 'paling banyak 1000 penguji sekali kirim' }),
  /** A belt: the link opens that belt's scoring (as the console's single link does). */
  sabuk: Tingkat.optional(),
});
export type KirimTautanBody = z.infer<typeof KirimTautanBody>;

/** Answer of POST /panitia/whatsapp/tautan: how many links were queued, and who was not sent one and why. */
export const KirimTautanResult = z.object({
  antre: z.number().int().nonnegative(),
  ditolak: z.array(z.object({ id_pemilih: z.number().int(), alasan: z.string() })),
});
export type KirimTautanResult = z.infer<typeof KirimTautanResult>;
