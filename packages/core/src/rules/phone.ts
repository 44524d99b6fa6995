/** The country prefix fixed in front of the login field (SPEC §2). */
export const PHONE_PREFIX = '+62';

/** Keeps only the digits of what was typed (SPEC §5: every non-digit is removed as typed). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

// One rule for every place a number comes in: an import, the console's form, the login screen, the
// API, a gateway (docs/decisions/155). It is libphonenumber's rule for an Indonesian mobile number,
// written out here so that the login page does not carry the library (core's test checks it
// against the library).

/** The national part of an Indonesian mobile number: 8, then 1–3 or 5–9, then 7–10 digits (9–12 in all). */
const MOBILE = /^8[1-35-9]\d{7,10}$/;
/** The national part's least and most digits. */
const NATIONAL_MIN = 9;
const NATIONAL_MAX = 12;

/** What a committee may write around the digits: spaces, dashes, dots, brackets, a leading +. */
const WRITTEN = /^\+?[\d\s.()-]+$/;

/** The example every message gives. */
const CONTOH = 'misalnya 0812-3456-7890';

/** The national part of a number, whichever way it was written: without 62, +62 or the trunk 0. */
function nationalPart(text: string): string {
  let digits = digitsOnly(text);
  if (digits.startsWith('62')) digits = digits.slice(2);
  // '+62 0812…' and '62 0812…' carry the trunk 0 after the country code as well.
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

/**
 * One form of an Indonesian number, '62…' digits, whichever way it was written: '0812…', '812…',
 * '62812…', '+62 812-…', '+62 0812…', '(0812) 3456-7890', '0812.3456.7890' are the same number
 * (DESIGN §4). '' when nothing was written; whether it is a mobile number is phoneProblem's to say.
 */
export function normalizePhone(text: string): string {
  const national = nationalPart(text);
  return national ? `62${national}` : '';
}

/**
 * Why what was written is not an Indonesian mobile number (the only numbers with WhatsApp), as
 * words that follow the field's name ('Nomor WhatsApp terlalu pendek: …'), or undefined when it is one.
 */
export function phoneProblem(text: string): string | undefined {
  if (!text.trim()) return 'wajib diisi';
  if (!WRITTEN.test(text.trim()))
    return `hanya boleh berisi angka (boleh dengan spasi, tanda -, titik, kurung dan +62 di depan), ${CONTOH}`;
  const national = nationalPart(text);
  if (national.length < NATIONAL_MIN)
    return `terlalu pendek: nomor HP Indonesia 10 sampai 13 angka diawali 08, ${CONTOH}`;
  if (national.length > NATIONAL_MAX)
    return `terlalu panjang: nomor HP Indonesia 10 sampai 13 angka diawali 08, ${CONTOH}`;
  if (!national.startsWith('8'))
    return `bukan nomor HP: nomor telepon rumah atau kantor tidak punya WhatsApp; tulis nomor HP yang diawali 08, ${CONTOH}`;
  if (!MOBILE.test(national))
    return `bukan nomor HP Indonesia: nomor HP diawali 081, 082, 083 atau 085 sampai 089, ${CONTOH}`;
  return undefined;
}

/** Digits in a login code (SPEC §9). */
export const OTP_LENGTH = 4;
/** Seconds before a code can be sent again (SPEC §9). */
export const OTP_RESEND_SECONDS = 60;

/**
 * Where a login code goes (docs/decisions/155): 'laptop' without a gateway (OTP_DELIVERY log or
 * file: the code shows in the committee's laptop window), 'whatsapp' through a gateway, and
 * 'whatsapp-gangguan' through a gateway whose last messages, to more than one number, failed.
 */
export const PENGIRIMAN_KODE = ['laptop', 'whatsapp', 'whatsapp-gangguan'] as const;
export type PengirimanKode = (typeof PENGIRIMAN_KODE)[number];

/**
 * What the login screens say of each: `pesan` in the dialog after a code is asked for (the
 * server's message), `baris` above the code boxes. The spec's texts stay where WhatsApp sends it.
 */
export const PENGIRIMAN_TEKS: Readonly<Record<PengirimanKode, { pesan: string; baris: string }>> = {
  whatsapp: { pesan: 'Kode OTP telah dikirimkan ke nomor HP Anda', baris: 'Kode dikirim ke WhatsApp' },
  laptop: {
    pesan:
      'Kode OTP tidak dikirim lewat WhatsApp: kode tampil di laptop panitia. Mintalah kodenya ke panitia.',
    baris: 'Kode tampil di laptop panitia: mintalah ke panitia',
  },
  'whatsapp-gangguan': {
    pesan:
      'Kode OTP dikirim lewat WhatsApp, tetapi pengiriman WhatsApp sedang gangguan. Bila kode tidak datang dalam 1 menit, minta kartu login atau tautan login ke panitia.',
    baris: 'WhatsApp sedang gangguan: bila kode tidak datang, minta kartu login atau tautan login ke panitia',
  },
};

/** A WhatsApp number as every console page and paper shows it: 6281234567890 → '+62 812-3456-7890'. */
export function nomorWa(noWa: string): string {
  const digits = digitsOnly(noWa);
  const local = digits.startsWith('62') ? digits.slice(2) : digits;
  const parts = [local.slice(0, 3), local.slice(3, 7), local.slice(7)].filter(Boolean);
  return `${PHONE_PREFIX} ${parts.join('-')}`;
}
