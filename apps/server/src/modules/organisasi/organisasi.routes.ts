import { API, apiResult, GambarParams, Id, Organisasi } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ErrorResult } from '../../lib/schemas';
import { IMAGE_MIME } from '../media/image-sniff';
import { gambarOf, readGambar } from './gambar.store';
import { findOrganisasi, findOrganisasiRow } from './organisasi.repository';

/** A year: an image URL carries its version, so a new upload is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /organisasi/{id}: the public branding of SPEC §3 (DESIGN §4), and its uploaded images. */
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

  app.get(
    API.organisasiGambar.route,
    {
      schema: {
        tags: ['organisasi'],
        security: [],
        summary: 'Logo atau banner organisasi (v: versi gambar, dari URL di data organisasi)',
        params: z.object({ id: Id, slot: GambarParams.shape.slot }),
        querystring: z.object({ v: z.string().max(40).optional() }),
        response: { 200: z.any().describe('gambar PNG, JPEG atau WebP'), 400: ErrorResult, 404: ErrorResult },
      },
    },
    async (request, reply) => {
      const { id, slot } = request.params;
      const row = id === app.config.orgId ? await findOrganisasiRow(app.db, id) : undefined;
      const stored = row ? gambarOf(row)[slot] : undefined;
      const image = stored ? await readGambar(app.media, id, slot, stored) : null;
      if (!stored || !image) throw notFound('Gambar belum diunggah panitia.');
      // Only the current version's URL may be kept for long; any other gets today's image, revalidated.
      const current = request.query.v === stored.v;
      return reply
        .type(IMAGE_MIME[stored.ext])
        .header('cache-control', current ? IMMUTABLE : 'no-cache')
        .send(image);
    },
  );
};
