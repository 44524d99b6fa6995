import { z } from '../zod';

// The console page "Sambungkan HP" (DESIGN §14): the addresses an examiner's phone needs, shown
// there as QR codes. The server answers them from PUBLIC_URL and CA_CERT_URL, and reads the root
// certificate it offers (docs/decisions/126).

/** A SHA-256 fingerprint as phones show it: 32 upper-case hex pairs separated by colons. */
export const SidikJariSha256 = z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

/** The root certificate as the server read it at `alamat_sertifikat_ca`: what a phone checks after installing it. */
export const SertifikatCa = z.object({
  /** The certificate's name (its subject's CN), as the phone lists it: "UKT Penguji - 2026 ECC Root". */
  nama: z.string(),
  /** SHA-256 of the certificate's DER bytes, as Android's and iOS's certificate details show it. */
  sidik_jari_sha256: SidikJariSha256,
});
export type SertifikatCa = z.infer<typeof SertifikatCa>;

/** Answer of GET /panitia/sambungkan: where phones open the app and, if needed, the root certificate. */
export const Sambungkan = z.object({
  /** PUBLIC_URL: the address every phone opens, the same for every event. */
  alamat_aplikasi: z.string(),
  /** Whether that address is https; on plain http a phone gets no camera, app lock or offline reload. */
  https: z.boolean(),
  /**
   * The plain-http download of Caddy's own root certificate (`tls internal`), or null when the
   * phones need none (a real domain certificate, CA_CERT_URL=none) or the app is not on https.
   */
  alamat_sertifikat_ca: z.string().nullable(),
  /** What the server found at `alamat_sertifikat_ca` when it asked just now; null when nothing was offered or read. */
  sertifikat_ca: SertifikatCa.nullable(),
  /**
   * Why no certificate could be read at `alamat_sertifikat_ca` (Caddy answers 404 with a domain
   * certificate, is not running, the name is unknown …), in Indonesian with what to do; null otherwise.
   */
  masalah_sertifikat_ca: z.string().nullable(),
});
export type Sambungkan = z.infer<typeof Sambungkan>;
