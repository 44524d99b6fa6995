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
