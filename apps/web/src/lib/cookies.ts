/** Cookie names the app keeps (SPEC §3): user, id, no_wa, token, all on path '/'. */
export type CookieName = 'user' | 'id' | 'no_wa' | 'token';

/** Reads a cookie, or null when it is missing or empty. */
export function getCookie(name: CookieName): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = decodeURIComponent(part.slice(eq + 1).trim());
      return value === '' ? null : value;
    }
  }
  return null;
}

/** Writes a cookie on path '/' for a day (the token's own lifetime, DESIGN §4). */
export function setCookie(name: CookieName, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: SPEC §3 keeps these in cookies; cookieStore is async and not on every phone
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=86400; SameSite=Lax`;
}

/** Removes a cookie from path '/'. */
export function removeCookie(name: CookieName): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}
