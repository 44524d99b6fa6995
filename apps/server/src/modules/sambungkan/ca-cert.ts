import { X509Certificate } from 'node:crypto';
import type { SertifikatCa } from '@ukt/core';
import { caNameOf } from '../../lib/ca-name';

// The root certificate a phone is offered on "Sambungkan HP", read by the server from the very
// address the phone downloads it from (docs/decisions/126): the fingerprint on the console is that
// of the bytes Caddy serves, and Caddy serves them only when its own CA signs the site. The address
// is CA_CERT_URL or its default, never anything a request names; redirects are not followed.

/** How long the server waits for the whole certificate; Caddy on the same laptop answers at once. */
export const CA_CERT_TIMEOUT_MS = 5_000;
/** Far above a root certificate (Caddy's is under 1 KB), far below anything worth reading. */
const MAX_BYTES = 64 * 1024;

/** What the server found at the certificate's address: the certificate, or why not (Indonesian, what to do). */
export type CaCertReading =
  | { sertifikat: SertifikatCa; masalah?: undefined }
  | { sertifikat?: undefined; masalah: string /** For the log only. */; detail: string };

const problem = (masalah: string, detail: string): CaCertReading => ({ masalah, detail });

const CHECK = 'Sesudah memperbaikinya, muat ulang halaman ini.';

/** The Indonesian message for a request that got no answer at all. */
function unreachable(url: URL, error: unknown, timeoutMs: number): CaCertReading {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  const detail = `${name} ${String(code ?? (error instanceof Error ? error.message : error))}`;
  if (name === 'TimeoutError') {
    return problem(
      `${url.href} tidak menjawab dalam ${(timeoutMs / 1000).toLocaleString('id-ID')} detik. Periksa bahwa Caddy berjalan dan CA_CERT_URL benar. ${CHECK}`,
      detail,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return problem(
      `Nama ${url.hostname} tidak dikenal oleh komputer server, jadi sertifikat di ${url.href} tidak dapat dibaca. ` +
        `Sambungkan laptop ke WiFi router yang mengenal nama itu (panduan docs/pasang-venue.md, langkah 2), atau isi CA_CERT_URL. ${CHECK}`,
      detail,
    );
  }
  if (code === 'ECONNREFUSED') {
    return problem(
      `Tidak ada yang menjawab di ${url.host}: Caddy belum berjalan atau memakai port lain. ` +
        `Jalankan Caddy lewat peluncur (panduan docs/pasang-venue.md, langkah 3). ${CHECK}`,
      detail,
    );
  }
  return problem(
    `Sertifikat di ${url.href} tidak dapat dibaca: sambungan gagal. Periksa bahwa Caddy berjalan dan CA_CERT_URL benar. ${CHECK}`,
    detail,
  );
}

/** The body, or null once it passes MAX_BYTES (the rest is not read). */
async function bodyUpTo(response: Response): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_BYTES) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Downloads the certificate at `address` (CA_CERT_URL or its default) and gives its name and
 * SHA-256 fingerprint (of the DER, colon-separated upper-case hex, as phones show it), or an
 * Indonesian message saying why it cannot be offered and what to change.
 */
export async function readCaCert(address: string, timeoutMs = CA_CERT_TIMEOUT_MS): Promise<CaCertReading> {
  const url = new URL(address);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { redirect: 'manual', signal });
    if (response.status === 404) {
      await response.body?.cancel();
      return problem(
        `Tidak ada sertifikat di ${url.href} (jawaban 404). Caddy memberikannya hanya bila situs memakai CA Caddy sendiri (UKT_TLS=internal). ` +
          'Dengan sertifikat domain, HP tidak perlu memasang apa pun: isi CA_CERT_URL=none lalu jalankan ulang aplikasi.',
        'HTTP 404',
      );
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return problem(
        `${url.href} mengalihkan ke alamat lain, bukan memberikan sertifikat. Isi CA_CERT_URL dengan alamat berkas sertifikatnya sendiri, lalu jalankan ulang aplikasi.`,
        `HTTP ${response.status} to ${response.headers.get('location') ?? '?'}`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      return problem(
        `${url.href} menjawab ${response.status}, bukan sertifikat. Periksa bahwa Caddy berjalan dengan deploy/Caddyfile dan CA_CERT_URL benar. ${CHECK}`,
        `HTTP ${response.status}`,
      );
    }
    const body = await bodyUpTo(response);
    if (!body) {
      return problem(
        `Berkas di ${url.href} lebih dari 64 KB, jadi bukan sertifikat CA. Periksa CA_CERT_URL. ${CHECK}`,
        `body over ${MAX_BYTES} bytes`,
      );
    }
    return certificateOf(url, body);
  } catch (error) {
    return unreachable(url, error, timeoutMs);
  }
}

/** The name and fingerprint of a root certificate in PEM or DER, or why it is not one. */
function certificateOf(url: URL, body: Buffer): CaCertReading {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(body);
  } catch (error) {
    return problem(
      `Berkas di ${url.href} bukan sertifikat. Periksa CA_CERT_URL. ${CHECK}`,
      error instanceof Error ? error.message : String(error),
    );
  }
  if (!cert.ca) {
    return problem(
      `Sertifikat di ${url.href} bukan sertifikat CA, jadi HP tidak dapat memakainya untuk mempercayai situs. Periksa CA_CERT_URL. ${CHECK}`,
      `not a CA: ${cert.subject}`,
    );
  }
  const { nama, sidikJari } = caNameOf(cert);
  return { sertifikat: { nama, sidik_jari_sha256: sidikJari } };
}
