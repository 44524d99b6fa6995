import { Id, IMG } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { AUTH_ERRORS } from '../../lib/schemas';
import { readWhole } from './media.store';

// A neutral silhouette for examiners without a photo (SPEC §9: shown at 100x80).
const AVATAR = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 80"><rect width="100" height="80" fill="#e5e7eb"/><circle cx="50" cy="30" r="14" fill="#9ca3af"/><path d="M22 78c2-16 14-24 28-24s26 8 28 24z" fill="#9ca3af"/></svg>`;

const PHOTO_TYPES = [
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
] as const;

/** GET /img/{id_organisasi}/{id_pemilih}: the examiner's photo, or a default avatar (DESIGN §4). */
export const imgRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    IMG.route,
    {
      onRequest: app.authenticateMedia,
      schema: {
        tags: ['penguji'],
        summary: 'Foto profil penguji (token di header atau cookie)',
        params: z.object({ id_organisasi: Id, id_pemilih: Id }),
        querystring: z.object({ time: z.string().max(40).optional() }),
        response: { 200: z.any().describe('gambar'), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      if (request.params.id_organisasi !== app.config.orgId) throw notFound('Organisasi tidak ditemukan.');
      reply.header('cache-control', 'private, max-age=300');
      for (const [ext, type] of PHOTO_TYPES) {
        const file = await app.media.open(`photos/${request.params.id_pemilih}.${ext}`);
        const photo = file ? await readWhole(file).catch(() => null) : null;
        if (photo) return reply.type(type).send(photo);
      }
      return reply.type('image/svg+xml').send(AVATAR);
    },
  );
};
