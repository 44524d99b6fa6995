import { METRICS_PATH } from '@ukt/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameDigest, sha256 } from '../../lib/crypto';
import { notFound, unauthorized } from '../../lib/errors';
import { requirePanitia } from '../../plugins/require-panitia';
import { METRICS_CONTENT_TYPE, metricsText } from './metrics.service';

const BEARER = /^Bearer\s+(.+)$/i;

/**
 * Who may read /metrics (docs/decisions/163): nobody while METRICS_TOKEN is unset (the address
 * does not exist); then a monitoring system with the token as a bearer token, or a committee
 * admin's session, as for the console's IT pages (Cadangan, Sambungkan HP).
 */
async function allowMetrics(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = app.config.metricsToken;
  if (!token) throw notFound('Alamat tidak ditemukan.');
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const given = BEARER.exec(authorization)?.[1]?.trim() ?? '';
    if (sameDigest(sha256(given), sha256(token))) return;
    throw unauthorized('Token metrik tidak cocok. Samakan dengan METRICS_TOKEN di pengaturan server.');
  }
  await app.authenticate(request);
  await requirePanitia(request);
}

/** GET /metrics: Prometheus's text of this process's requests, scores written, WhatsApp messages and backups. */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    METRICS_PATH,
    { schema: { hide: true }, onRequest: (request) => allowMetrics(app, request) },
    async (_request, reply) => {
      const text = await metricsText({
        requests: app.requestMetrics,
        db: app.db,
        backupDir: app.config.backup.dir,
        now: app.clock(),
      });
      return reply.header('cache-control', 'no-store').type(METRICS_CONTENT_TYPE).send(text);
    },
  );
}
