import { AktifBody, API, apiResult, PanitiaPenguji, PengujiParams, TautanBody, TautanLogin } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult } from '../../lib/schemas';
import { pengujiOf } from '../../plugins/context';
import { createTautan, setPengujiAktif } from './penguji-akses.service';

/** The console's access to an examiner: deactivate/reactivate, login links (DESIGN §9). */
export const authPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.panitia.pengujiAktif.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Nonaktifkan penguji (semua sesinya dicabut, tidak bisa masuk) atau aktifkan lagi',
        params: PengujiParams,
        body: AktifBody,
        response: { 200: apiResult(PanitiaPenguji), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { aktif } = request.body;
      return {
        success: true,
        message: aktif
          ? 'Penguji diaktifkan: ia dapat masuk lagi.'
          : 'Penguji dinonaktifkan: semua sesinya dicabut dan ia tidak dapat masuk.',
        data: await setPengujiAktif(
          app.db,
          app.writer,
          pengujiOf(request),
          request.params.id_pemilih,
          aktif,
          app.clock(),
        ),
      };
    },
  );

  app.post(
    API.panitia.pengujiTautan.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Buat tautan login sekali pakai (24 jam) dan tautan kirim via WhatsApp',
        params: PengujiParams,
        body: TautanBody,
        response: { 200: apiResult(TautanLogin), ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => ({
      success: true,
      data: await createTautan(
        {
          writer: app.writer,
          secret: app.secret,
          orgId: pengujiOf(request).id_organisasi,
          publicUrl: app.config.publicUrl,
          now: app.clock(),
        },
        request.params.id_pemilih,
        request.body.sabuk,
      ),
    }),
  );
};
