import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooMany } from '../lib/errors';

/**
 * A per-IP ceiling on every request, per process and in memory: it only blunts floods. The
 * login limits that security rests on are kept in the database (modules/auth/otp-limits.repository.ts).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: true,
    max: app.config.rateLimit.perMinute,
    timeWindow: 60_000,
    // Counters are told only with a 429 (retry-after); every normal answer stays lean.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: () =>
      tooMany('Terlalu banyak permintaan dari perangkat ini. Tunggu sebentar lalu coba lagi.'),
  });
});
