import { normalizePhone, PENGIRIMAN_KODE, phoneProblem } from '../rules/phone';
import { z } from '../zod';
import { Id, Tingkat } from './common';

/**
 * A WhatsApp number as a committee or an examiner writes it, read as its one stored form '62…'
 * (core's normalizePhone); anything but an Indonesian mobile number is refused with phoneProblem's
 * words after the field's name (docs/decisions/155).
 */
export const NoWa = z
  .string({ error: 'Nomor WhatsApp wajib diisi' })
  .max(40, { error: 'Nomor WhatsApp terlalu panjang' })
  .superRefine((text, ctx) => {
    const problem = phoneProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizePhone);

/** Body of POST /auth/otp-login/{id_organisasi}: ask for a code. */
export const OtpLoginBody = z.object({ no_wa: NoWa });
export type OtpLoginBody = z.infer<typeof OtpLoginBody>;

/**
 * Answer of POST /auth/otp-login/{id_organisasi}: the same for a known and an unknown number
 * (DESIGN §4); `pengiriman` is the server's and its gateway's, never the number's.
 */
export const OtpLoginResult = z.object({
  success: z.literal(true),
  message: z.string(),
  pengiriman: z.enum(PENGIRIMAN_KODE),
});
export type OtpLoginResult = z.infer<typeof OtpLoginResult>;

/** Body of POST /auth/otp-login/cek/{id_organisasi}: check a code. */
export const OtpVerifyBody = z.object({
  no_wa: NoWa,
  kode: z.string({ error: 'Kode OTP wajib diisi' }).regex(/^\d{4}$/, { error: 'Kode OTP harus 4 angka' }),
});
export type OtpVerifyBody = z.infer<typeof OtpVerifyBody>;

/** Path of the login calls: the organisation id. */
export const OrgParams = z.object({ id_organisasi: Id });

/** Body of POST /auth/CEKDATA and /auth/CEKDATA22/{vard}: a login-link token. */
export const TokenLoginBody = z.object({
  data: z
    .string({ error: 'Token wajib diisi' })
    .min(1, { error: 'Token wajib diisi' })
    .max(200, { error: 'Token tidak valid' }),
});

/** Path of POST /auth/CEKDATA22/{vard}: the belt the link sets. */
export const VardParams = z.object({ vard: Tingkat });

/** The examiner record sent after login (SPEC §3 examiner fields, DESIGN §4). */
export const Examiner = z.object({
  id_pemilih: z.string(),
  id_organisasi: z.string(),
  nama_dpt: z.string(),
  no_wa: z.string(),
  id_perwapus: z.string(),
  id_cabang: z.string(),
  panitia: z.string(),
  dewan: z.string(),
  img_profile: z.string(),
});
export type Examiner = z.infer<typeof Examiner>;

/** The organisation's public branding (SPEC §3 organisation config). */
export const Organisasi = z.object({
  id_organisasi: z.string(),
  nama_organisasi: z.string(),
  website: z.string(),
  visi: z.string(),
  ketua: z.string(),
  nama: z.string(),
  nama0: z.string(),
  nama1: z.string(),
  nama2: z.string(),
  moto: z.string(),
  kota: z.string(),
  warna: z.string(),
  warna2: z.string(),
  warna3: z.string(),
  warna4: z.string(),
  img_banner: z.string(),
  logoHeight: z.string(),
  logo: z.string(),
  created_at: z.string(),
  update_at: z.string(),
  /** The committee's current announcement for the hub's modal ('' for none; DESIGN §12). */
  pengumuman: z.string().default(''),
  /** URLs of the banner images, in slot order (empty until the committee uploads one). */
  banners: z.array(z.string()).default([]),
});
export type Organisasi = z.infer<typeof Organisasi>;

/** The answer of a verified code or login link (SPEC §7 login result). */
export const LoginResult = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string(),
  token: z.string(),
  data: z.array(Examiner),
  organisasi: Organisasi,
  Sabuk: z.string().optional(),
});
export type LoginResult = z.infer<typeof LoginResult>;
