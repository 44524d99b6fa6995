import type { Sambungkan } from '@ukt/core';

// What a phone needs to reach the app over https (DESIGN §14, docs/decisions/094): the app's one
// address, and Caddy's root certificate when the certificate comes from Caddy's own CA.

/** The plain-http address deploy/Caddyfile serves Caddy's root certificate at, on PUBLIC_URL's host. */
export function defaultCaCertUrl(publicUrl: string): string {
  return `http://${new URL(publicUrl).hostname}/ukt-ca.crt`;
}

/**
 * The addresses for "Sambungkan HP". `caCertUrl` is CA_CERT_URL: a URL, null for `none` (a real
 * domain certificate needs nothing installed), undefined for the default. On plain http there is no
 * certificate to trust, so none is offered unless CA_CERT_URL names one.
 */
export function sambungkanOf(publicUrl: string, caCertUrl: string | null | undefined): Sambungkan {
  const https = publicUrl.startsWith('https://');
  return {
    alamat_aplikasi: publicUrl,
    https,
    alamat_sertifikat_ca: caCertUrl === undefined ? (https ? defaultCaCertUrl(publicUrl) : null) : caCertUrl,
  };
}
