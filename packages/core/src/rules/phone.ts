/** The country prefix fixed in front of the login field (SPEC §2). */
export const PHONE_PREFIX = '+62';

/** Keeps only the digits of what was typed (SPEC §5: every non-digit is removed as typed). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/**
 * One form of an Indonesian number, '62…' digits, whichever way it was written:
 * '0812…', '812…', '62812…' and '+62 812-…' are the same number (DESIGN §4).
 */
export function normalizePhone(text: string): string {
  const digits = digitsOnly(text);
  if (digits.startsWith('62')) return digits;
  if (digits.startsWith('0')) return `62${digits.slice(1)}`;
  return digits ? `62${digits}` : '';
}

/** True when a normalised number looks like an Indonesian mobile number (62 then 8–13 digits). */
export function isPlausiblePhone(normalized: string): boolean {
  return /^62\d{8,13}$/.test(normalized);
}

/** Digits in a login code (SPEC §9). */
export const OTP_LENGTH = 4;
/** Seconds before a code can be sent again (SPEC §9). */
export const OTP_RESEND_SECONDS = 60;

/** A WhatsApp number as every console page and paper shows it: 6281234567890 → '+62 812-3456-7890'. */
export function nomorWa(noWa: string): string {
  const digits = digitsOnly(noWa);
  const local = digits.startsWith('62') ? digits.slice(2) : digits;
  const parts = [local.slice(0, 3), local.slice(3, 7), local.slice(7)].filter(Boolean);
  return `${PHONE_PREFIX} ${parts.join('-')}`;
}
