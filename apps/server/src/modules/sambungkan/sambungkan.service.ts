import type { Sambungkan } from '@ukt/core';
import { type CaCertReading, readCaCert } from './ca-cert';

// What a phone needs to reach the app over https (DESIGN §14, docs/decisions/094 and 126): the
// app's one address, and Caddy's root certificate, with its fingerprint, when Caddy's own CA signs
// the site.

/** The plain-http address deploy/Caddyfile serves Caddy's root certificate at, on PUBLIC_URL's host. */
export function defaultCaCertUrl(publicUrl: string): string {
  return `http://${new URL(publicUrl).hostname}/ukt-ca.crt`;
}

/** The addresses for "Sambungkan HP", fixed for the life of the process. */
export type SambungkanAddresses = Pick<Sambungkan, 'alamat_aplikasi' | 'https' | 'alamat_sertifikat_ca'>;

/**
 * The addresses for "Sambungkan HP". `caCertUrl` is CA_CERT_URL: a URL, null for `none` (a real
 * domain certificate needs nothing installed), undefined for the default. On plain http there is no
 * certificate to trust, so none is offered unless CA_CERT_URL names one.
 */
export function sambungkanAddresses(
  publicUrl: string,
  caCertUrl: string | null | undefined,
): SambungkanAddresses {
  const https = publicUrl.startsWith('https://');
  return {
    alamat_aplikasi: publicUrl,
    https,
    alamat_sertifikat_ca: caCertUrl === undefined ? (https ? defaultCaCertUrl(publicUrl) : null) : caCertUrl,
  };
}

/**
 * Reads the certificate at `address` afresh for each page that asks (the committee may have just
 * started Caddy or changed its set-up), one download at a time however many consoles ask together.
 */
export function caCertReader(
  address: string,
  read: (address: string) => Promise<CaCertReading> = readCaCert,
): () => Promise<CaCertReading> {
  let inFlight: Promise<CaCertReading> | undefined;
  return () => {
    inFlight ??= read(address).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * The addresses for this server's PUBLIC_URL and CA_CERT_URL, and a reader of the certificate behind
 * them (null when none is offered): shared by the console's Sambungkan HP and the http landing page.
 */
export function caCertSource(
  publicUrl: string,
  caCertUrl: string | null | undefined,
): { addresses: SambungkanAddresses; read: () => Promise<CaCertReading | null> } {
  const addresses = sambungkanAddresses(publicUrl, caCertUrl);
  const reader = addresses.alamat_sertifikat_ca ? caCertReader(addresses.alamat_sertifikat_ca) : null;
  return { addresses, read: async () => (reader ? reader() : null) };
}

/** The page's answer: the addresses, and what was found at the certificate's address (null: none offered). */
export function sambungkanOf(addresses: SambungkanAddresses, reading: CaCertReading | null): Sambungkan {
  return {
    ...addresses,
    sertifikat_ca: reading?.sertifikat ?? null,
    masalah_sertifikat_ca: reading?.masalah ?? null,
  };
}
