import { API, apiResult, BelumList, BelumQuery, KegiatanParams, Progres } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { sendJson } from '../../lib/send-json';
import { pengujiOf } from '../../plugins/context';
import { BuildCache } from './build-cache';
import { listBelum, progresJson } from './progres.service';

/** Progress pages kept per process: one per event being watched. */
const CACHED_PROGRES = 16;

/** The progress page's calls (DESIGN §10): counts per post, exam and examiner; who still lacks an exam. */
export const progresPanitiaRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = new BuildCache(app.dataChanges, CACHED_PROGRES);

  app.get(
    API.panitia.progres.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Progres kegiatan: per pos dan ujian, per penguji, dan nilai yang masih tertahan di HP',
        params: KegiatanParams,
        response: { 200: apiResult(Progres), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      // Validated against the response schema when it was built; sent as it is.
      const json = await progresJson(app.db, pages, pengujiOf(request), request.params.id_ukt);
      return sendJson(reply, json);
    },
  );

  app.get(
    API.panitia.progresBelum.route,
    {
      schema: {
        tags: ['panitia'],
        summary: 'Peserta yang belum dinilai pada satu ujian (20 per halaman), dengan filter wilayah',
        params: KegiatanParams,
        querystring: BelumQuery,
        response: { 200: BelumList, ...AUTH_ERRORS },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listBelum(app.db, pengujiOf(request), request.params.id_ukt, request.query)),
    }),
  );
};
