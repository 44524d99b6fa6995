import { API, apiResult, Id, Organisasi } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ErrorResult } from '../../lib/schemas';
import { findOrganisasi } from './organisasi.repository';

/** GET /organisasi/{id}: the public branding of SPEC §3 (DESIGN §4). */
export const organisasiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.organisasi.route,
    {
      schema: {
        tags: ['organisasi'],
        security: [],
        summary: 'Konfigurasi dan tampilan organisasi',
        params: z.object({ id: Id }),
        response: { 200: apiResult(Organisasi), 404: ErrorResult },
      },
    },
    async (request) => {
      const organisasi =
        request.params.id === app.config.orgId ? await findOrganisasi(app.db, request.params.id) : undefined;
      if (!organisasi) throw notFound('Organisasi tidak ditemukan.');
      return { success: true, data: organisasi };
    },
  );
};
