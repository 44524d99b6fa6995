import { z } from '../zod';

// The console page "Sambungkan HP" (DESIGN §14): the addresses an examiner's phone needs, shown
// there as QR codes. The server answers them from PUBLIC_URL and CA_CERT_URL.

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
});
export type Sambungkan = z.infer<typeof Sambungkan>;
