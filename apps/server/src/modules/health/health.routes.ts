import { API } from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DiskSpace, describeDisks, diskSpace } from '../../lib/disk-space';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, serviceUnavailable } from '../../lib/errors';
import { ErrorResult } from '../../lib/schemas';
import { pingDatabase } from './health.repository';

/** How long a free-space reading is trusted. */
const DISK_CHECK_EVERY_MS = 2_000;

const Healthy = z.object({ success: z.literal(true), message: z.string() });

/**
 * GET /health: 200 while the database answers, 503 with Retry-After while it does not
 * (DESIGN §4), for load balancers and supervisors; public, since they carry no token.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // statfs is cheap, but a load balancer may ask many times a second.
  let checked = 0;
  let low: DiskSpace[] = [];
  const lowDisks = () => {
    if (Date.now() - checked > DISK_CHECK_EVERY_MS) {
      checked = Date.now();
      low = app.config.diskPaths
        .map(diskSpace)
        .filter((s): s is DiskSpace => s !== null && s.free < app.config.minFreeDiskBytes);
    }
    return low;
  };

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
      const full = lowDisks();
      if (full.length > 0) {
        const message = `Ruang disk hampir habis (${describeDisks(full)}): kosongkan ruang agar nilai tetap tersimpan.`;
        request.log.warn(message);
        throw new AppError(503, message, DATABASE_RETRY_AFTER_SECONDS);
      }
      return { success: true as const, message: 'Server dan database siap.' };
    },
  );
};
