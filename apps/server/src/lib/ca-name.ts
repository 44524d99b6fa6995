import type { X509Certificate } from 'node:crypto';

// A root certificate as the volunteer compares it on two screens (docs/decisions/126): the launcher's
// window prints Caddy's root, and Sambungkan HP shows the one the app serves. One function names both,
// so the two can only differ when the certificates do.

/** A root certificate's name (its CN, else the whole subject) and its SHA-256 fingerprint. */
export function caNameOf(cert: X509Certificate): { nama: string; sidikJari: string } {
  return { nama: /^CN=(.*)$/m.exec(cert.subject)?.[1] ?? cert.subject, sidikJari: cert.fingerprint256 };
}
