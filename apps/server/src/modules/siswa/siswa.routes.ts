import type { PostFlag } from '@ukt/core';
import {
  API,
  SiswaParams,
  SiswaQuery,
  SiswaRosterQuery,
  SiswaRosterResult,
  SiswaUpdateBody,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ErrorResult, MessageResult } from '../../lib/schemas';
import { sendJson } from '../../lib/send-json';
import { pengujiOf } from '../../plugins/context';
import { replay } from '../../plugins/idempotency';
import { takeSiswa } from './siswa.service';
import { createListCaches, listSiswaJson, SiswaListResult } from './siswa-list.service';
import { createRosterCache, rosterJson } from './siswa-roster.service';

const FLAGS: PostFlag[] = ['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'];

/** The participant list, the whole roster for the phone's copy and the take-at-post call (SPEC §7, DESIGN §4). */
export const siswaRoutes: FastifyPluginAsyncZod = async (app) => {
  const caches = createListCaches();
  const rosters = createRosterCache();

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

  app.get(
    API.siswaRoster.route,
    {
      schema: {
        tags: ['peserta'],
        summary: 'Seluruh peserta kegiatan untuk salinan offline di HP (satu permintaan)',
        querystring: SiswaRosterQuery,
        response: { 200: SiswaRosterResult, ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      const json = await rosterJson(app.db, rosters, app.secret, pengujiOf(request), request.query.id_ukt);
      return sendJson(reply, json);
    },
  );

  app.post(
    API.siswaUpdate.route,
    {
      config: { live: 'ambil', idempotency: 'inline' },
      schema: {
        tags: ['peserta'],
        summary: 'Ambil peserta di pos ujian',
        params: SiswaParams,
        body: SiswaUpdateBody,
        response: { 200: MessageResult, ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request, reply) => {
      const column = FLAGS.find((f) => request.body[f] !== undefined) as PostFlag;
      const answer = await takeSiswa(app.db, app.writer, pengujiOf(request), {
        idSiswa: request.params.id_siswa,
        idUkt: request.body.id_ukt,
        column,
        idempotency: request.idempotency,
        now: app.clock(),
      });
      if (answer.replayed) return replay(reply, answer.status, answer.response);
      return sendJson(reply, answer.response);
    },
  );
};
