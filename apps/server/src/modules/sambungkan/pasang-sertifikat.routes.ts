import type { FastifyPluginAsync } from 'fastify';
import { pasangSertifikatPage } from './pasang-sertifikat.page';
import { caCertSource } from './sambungkan.service';

/** Where deploy/Caddyfile sends `http://<venue name>/` while Caddy's own CA signs the site. */
export const PASANG_SERTIFIKAT_PATH = '/pasang-sertifikat';

/**
 * GET /pasang-sertifikat: the Indonesian page a phone or laptop that has not trusted Caddy's root
 * yet gets on plain http (docs/decisions/133): the certificate's download, QR and fingerprint, as
 * read from the same address as the console's Sambungkan HP, and the app's https address.
 */
export const pasangSertifikatRoutes: FastifyPluginAsync = async (app) => {
  const { addresses, read } = caCertSource(app.config.publicUrl, app.config.caCertUrl);
  app.get(PASANG_SERTIFIKAT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const reading = await read();
    if (reading?.masalah) {
      request.log.warn(
        { url: addresses.alamat_sertifikat_ca, detail: reading.detail },
        'sertifikat CA untuk halaman pasang sertifikat tidak dapat dibaca',
      );
    }
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return pasangSertifikatPage(addresses, reading);
  });
};
