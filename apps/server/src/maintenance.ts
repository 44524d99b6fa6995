import type { FastifyInstance } from 'fastify';
import { pruneRateHits } from './modules/auth/otp-limits.repository';
import { deleteExpiredTokens } from './modules/auth/session.repository';
import { pruneKeys } from './plugins/idempotency.repository';

const HOUR = 60 * 60 * 1000;

/** Forgets expired tokens, idempotency keys older than 24 h and ended per-IP windows. */
export async function pruneExpired(app: FastifyInstance): Promise<void> {
  const now = app.clock();
  await deleteExpiredTokens(app.db, now - HOUR);
  await pruneKeys(app.db, now - 24 * HOUR);
  await pruneRateHits(app.db, now - HOUR);
}

/** Runs pruneExpired hourly; stops with the app. */
export function startMaintenance(app: FastifyInstance): void {
  const timer = setInterval(() => {
    pruneExpired(app).catch((error: unknown) => app.log.warn({ err: error }, 'maintenance failed'));
  }, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
