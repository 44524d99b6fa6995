import type { FastifyInstance } from 'fastify';
import { deleteExpiredTokens } from './modules/auth/session.repository';
import { pruneKeys } from './plugins/idempotency.repository';

const HOUR = 60 * 60 * 1000;

/** Hourly clean-up of expired tokens and idempotency keys (kept 24 h); stops with the app. */
export function startMaintenance(app: FastifyInstance): void {
  const run = async () => {
    const now = app.clock();
    try {
      await deleteExpiredTokens(app.db, now - HOUR);
      await pruneKeys(app.db, now - 24 * HOUR);
      await app.db
        .deleteFrom('rate_hit')
        .where('window_start', '<', now - HOUR)
        .execute();
    } catch (error) {
      app.log.warn({ err: error }, 'maintenance failed');
    }
  };
  const timer = setInterval(run, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
