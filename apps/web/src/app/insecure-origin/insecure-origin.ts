// Plain http (a venue laptop's address before HTTPS is set up) is not a secure context: no service
// worker, camera, WebCrypto or offline reload. The app says so first, in words, instead of failing
// quietly later (DESIGN §14, docs/decisions/092).

const CONTINUE_KEY = 'ukt-lanjut-tanpa-https';

/** True when the page runs where the browser withholds secure-context features. */
export function isInsecureOrigin(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext === false;
}

/** True once the examiner chose to go on over plain http in this tab. */
export function continuedWithoutHttps(): boolean {
  try {
    return sessionStorage.getItem(CONTINUE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers, for this tab only, that the examiner goes on over plain http. */
export function continueWithoutHttps(): void {
  try {
    sessionStorage.setItem(CONTINUE_KEY, '1');
  } catch {
    // No storage: the choice lasts until the page is reloaded.
  }
}

/** The same page at its https address (the committee's proxy answers there), or null on localhost. */
export function httpsAddress(location: Location): string | null {
  if (location.protocol !== 'http:') return null;
  return `https://${location.hostname}${location.pathname}${location.search}`;
}
