import { API, VerifikasiParams, VerifikasiResult } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResult } from '../../lib/schemas';
import { verifikasi } from './verifikasi.service';

/** GET /verifikasi/{kode}: the public check of a piagam, without sign-in (DESIGN §11). */
export const verifikasiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.verifikasi.route,
    {
      schema: {
        tags: ['verifikasi'],
        security: [],
        summary: 'Periksa keaslian piagam: nama, sabuk, kegiatan dan status (tanpa login)',
        params: VerifikasiParams,
        response: { 200: VerifikasiResult, 404: ErrorResult, 429: ErrorResult },
      },
    },
    async (request) => ({
      success: true as const,
      data: await verifikasi(
        { db: app.db, orgId: app.config.orgId, now: app.clock() },
        request.params.kode,
        request.ip,
      ),
    }),
  );
};
