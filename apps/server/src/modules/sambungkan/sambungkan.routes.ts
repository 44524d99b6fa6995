import { API, apiResult, Sambungkan } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { sambungkanOf } from './sambungkan.service';

/** GET /panitia/sambungkan: the addresses the console shows as QR codes for examiners' phones. */
export const sambungkanRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both come from the environment, fixed for the life of the process.
  const answer = sambungkanOf(app.config.publicUrl, app.config.caCertUrl);
  app.get(
    API.panitia.sambungkan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Alamat aplikasi dan unduhan sertifikat CA untuk HP penguji (QR di halaman Sambungkan HP)',
        response: { 200: apiResult(Sambungkan), ...AUTH_ERRORS },
      },
    },
    async () => ({ success: true, data: answer }),
  );
};
