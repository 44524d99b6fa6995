import { PageMeta, SiswaParams, SiswaQuery, SiswaRow, SiswaUpdateBody } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ErrorResult, MessageResult } from '../../lib/schemas';
import { examinerOf } from '../../plugins/auth';
import type { FlagColumn } from './siswa.repository';
import { listSiswa, takeSiswa } from './siswa.service';
import { SiswaPageCache } from './siswa-page-cache';

const FLAGS: FlagColumn[] = ['sudah_keshan', 'sudah_tes', 'sudah_fisik', 'sudah_sambung'];

/** The participant list and the take-at-post call (SPEC §7, DESIGN §4). */
export const siswaRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new SiswaPageCache();

  app.get(
    '/DataSiswa/siswa',
    {
      schema: {
        tags: ['peserta'],
        summary: 'Daftar peserta (20 per halaman)',
        querystring: SiswaQuery,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(SiswaRow), meta: PageMeta }),
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listSiswa(app.db, cache, examinerOf(request), request.query)),
    }),
  );

  app.post(
    '/DataSiswa/siswaUpdate/:id_siswa',
    {
      schema: {
        tags: ['peserta'],
        summary: 'Ambil peserta di pos ujian',
        params: SiswaParams,
        body: SiswaUpdateBody,
        response: { 200: MessageResult, ...AUTH_ERRORS, 409: ErrorResult },
      },
    },
    async (request) => {
      const column = FLAGS.find((f) => request.body[f] !== undefined) as FlagColumn;
      await takeSiswa(app.db, examinerOf(request), request.params.id_siswa, request.body.id_ukt, column);
      return { success: true, message: 'Peserta berhasil dipilih.' };
    },
  );
};
