import { API } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceUnavailable } from '../../lib/errors';
import { ErrorResult } from '../../lib/schemas';
import { pingDatabase } from './health.repository';

const Healthy = z.object({ success: z.literal(true), message: z.string() });

/**
 * GET /health: 200 while the database answers, 503 with Retry-After while it does not
 * (DESIGN §4), for load balancers and supervisors; public, since they carry no token.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.health.route,
    {
      schema: {
        tags: ['health'],
        security: [],
        summary: 'Kesehatan server: apakah database menjawab',
        response: { 200: Healthy, 503: ErrorResult },
      },
    },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        // Whatever the reason, a database that cannot answer `select 1` is not healthy.
        request.log.warn(
          { reason: (error as Error).message },
          'Pemeriksaan kesehatan: database tidak menjawab',
        );
        throw serviceUnavailable();
      }
      return { success: true as const, message: 'Server dan database siap.' };
    },
  );
};
