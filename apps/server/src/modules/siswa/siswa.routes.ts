import type { PostFlag } from '@ukt/core';
import { API, SiswaParams, SiswaQuery, SiswaUpdateBody } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult, MessageResult } from '../../lib/schemas';
import { sendJson } from '../../lib/send-json';
import { pengujiOf } from '../auth/auth.hooks';
import { takeSiswa } from './siswa.service';
import { createListCaches, listSiswaJson, SiswaListResult } from './siswa-list.service';

const FLAGS: PostFlag[] = ['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'];

/** The participant list and the take-at-post call (SPEC §7, DESIGN §4). */
export const siswaRoutes: FastifyPluginAsyncZod = async (app) => {
  const caches = createListCaches();

  app.get(
    API.siswa.route,
    {
      schema: {
        tags: ['peserta'],
        summary: 'Daftar peserta (20 per halaman)',
        querystring: SiswaQuery,
        response: {
          200: SiswaListResult,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      // Already validated against SiswaListResult when it was built; sent as it is.
      const json = await listSiswaJson(app.db, caches, pengujiOf(request), request.query);
      return sendJson(reply, json);
    },
  );

  app.post(
    API.siswaUpdate.route,
    {
      config: { live: 'ambil' },
      schema: {
        tags: ['peserta'],
        summary: 'Ambil peserta di pos ujian',
        params: SiswaParams,
        body: SiswaUpdateBody,
        response: { 200: MessageResult, ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => {
      const column = FLAGS.find((f) => request.body[f] !== undefined) as PostFlag;
      await takeSiswa(
        app.db,
        app.writer,
        pengujiOf(request),
        request.params.id_siswa,
        request.body.id_ukt,
        column,
      );
      return { success: true, message: 'Peserta berhasil dipilih.' };
    },
  );
};
