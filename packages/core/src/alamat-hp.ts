// Whether an examiner's phone can open an address as the app (DESIGN §14): over https, and at a name
// or address of the venue's network. The console never offers a QR a phone cannot use
// (docs/decisions/139); the server's start-up warning uses the same loopback rule.

const WILDCARDS = new Set(['0.0.0.0', '::', '::0']);

/** True for an address only this machine can reach (127.x, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || h.startsWith('127.');
}

/** True for an address a server listens on but no one can open (0.0.0.0, ::). */
export function isWildcard(host: string): boolean {
  return WILDCARDS.has(host.replace(/^\[|\]$/g, '').toLowerCase());
}

/**
 * Why a phone cannot open `alamat` as the app, in words for the committee, or null when it can.
 * `https://localhost` and names ending in .localhost stay usable: a trial on the laptop alone.
 */
export function kendalaAlamatHp(alamat: string): string | null {
  let url: URL;
  try {
    url = new URL(alamat);
  } catch {
    return 'Alamat aplikasi tidak terbaca.';
  }
  const host = url.hostname;
  if (isWildcard(host)) return 'Alamat ini bukan alamat yang dapat dibuka oleh HP.';
  if (isLoopback(host) && host !== 'localhost')
    return 'Alamat ini hanya dapat dibuka di laptop ini sendiri, tidak dari HP.';
  if (url.protocol !== 'https:')
    return 'Alamat ini belum memakai https: di HP kamera, kunci aplikasi dan membuka aplikasi tanpa sinyal tidak berfungsi.';
  return null;
}
