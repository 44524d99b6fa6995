import { API, apiResult, KirimTautanBody, KirimTautanResult } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { kirimTautan } from './tautan-wa.service';

/** POST /panitia/whatsapp/tautan: personal login links to the chosen examiners through the gateway. */
export const tautanWaPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.panitia.whatsappTautan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Kirim tautan login sekali pakai (24 jam) ke penguji terpilih lewat gateway WhatsApp',
        body: KirimTautanBody,
        response: { 200: apiResult(KirimTautanResult), ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => {
      const result = await kirimTautan(
        {
          writer: app.writer,
          secret: app.secret,
          orgId: pengujiOf(request).id_organisasi,
          publicUrl: app.config.publicUrl,
          now: app.clock(),
        },
        app.waQueue,
        request.body.id_pemilih,
        request.body.sabuk,
      );
      return {
        success: true,
        message: `${result.antre} tautan login masuk antrean WhatsApp${result.ditolak.length ? `; ${result.ditolak.length} tidak dikirim` : ''}.`,
        data: result,
      };
    },
  );
};
