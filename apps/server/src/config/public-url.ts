import { networkInterfaces } from 'node:os';
import { isLoopback, isWildcard } from '@ukt/core';

// PUBLIC_URL is the address printed on every link, QR and card (DESIGN §5). Its default must be an
// address a phone can open: never the wildcard a server listens on (docs/decisions/092).

/** This machine's first non-internal IPv4 address (the venue WiFi's), or undefined. */
function lanAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) {
      if (a.family === 'IPv4' && !a.internal) return a.address;
    }
  }
  return undefined;
}

/** PUBLIC_URL when set; else http://HOST:PORT, with a wildcard HOST replaced by the LAN address. */
export function defaultPublicUrl(
  host: string,
  port: number,
  lan: () => string | undefined = lanAddress,
): string {
  const name = isWildcard(host) ? (lan() ?? '127.0.0.1') : host;
  const shown = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return `http://${shown}:${port}`;
}

/**
 * The start-up warning for a set-up phones cannot use (DESIGN §14), or null: listening beyond this
 * machine while PUBLIC_URL is not https means phones get no camera, app lock or offline reload.
 */
export function publicUrlWarning(host: string, publicUrl: string): string | null {
  if (isLoopback(host) || publicUrl.startsWith('https://')) return null;
  const where = isWildcard(host)
    ? `semua alamat (${host}) tetapi PUBLIC_URL (${publicUrl}; bila tidak diisi, alamat LAN pertama mesin ini)`
    : `${host} tetapi PUBLIC_URL (${publicUrl})`;
  return (
    `Server mendengarkan di ${where} bukan https://. ` +
    'HP penguji butuh HTTPS (kamera, kunci aplikasi, buka tanpa sinyal): pasang Caddy di depan server ' +
    'dan isi PUBLIC_URL=https://… (docs/pasang-venue.md, docs/pasang-server.md). ' +
    'Semua tautan, QR dan kartu memakai PUBLIC_URL.'
  );
}
