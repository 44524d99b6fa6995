import { API, apiResult, Sambungkan } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { caCertSource, sambungkanOf } from './sambungkan.service';

/** GET /panitia/sambungkan: the addresses the console shows as QR codes for examiners' phones. */
export const sambungkanRoutes: FastifyPluginAsyncZod = async (app) => {
  // The addresses come from the environment, fixed for the life of the process; the certificate
  // behind one is read again for each page (docs/decisions/126).
  const { addresses, read } = caCertSource(app.config.publicUrl, app.config.caCertUrl);
  app.get(
    API.panitia.sambungkan.route,
    {
      schema: {
        tags: ['panitia'],
        summary:
          'Alamat aplikasi, unduhan sertifikat CA dan sidik jarinya untuk HP penguji (QR di halaman Sambungkan HP)',
        response: { 200: apiResult(Sambungkan), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const reading = await read();
      if (reading?.masalah) {
        request.log.warn(
          { url: addresses.alamat_sertifikat_ca, detail: reading.detail },
          'sertifikat CA untuk Sambungkan HP tidak dapat dibaca',
        );
      }
      return { success: true, data: sambungkanOf(addresses, reading) };
    },
  );
};
