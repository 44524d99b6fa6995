import type { FastifyInstance } from 'fastify';
import { claimTugas, finishTugas, leaseHolderOf, releaseTugas } from './db/tugas-berkala.repository';
import { pruneRateHits } from './modules/auth/otp-limits.repository';
import { deleteExpiredTokens } from './modules/auth/session.repository';
import { pruneKeys } from './plugins/idempotency.repository';

const HOUR = 60 * 60 * 1000;
/** How often each process looks whether the clean-up is due and whether it is its turn. */
const LOOK_MS = 5 * 60 * 1000;
/** A holder that dies leaves the clean-up to another process after this long. */
export const MAINTENANCE_LEASE_MS = 3 * LOOK_MS;
/** The clean-up's row in tugas_berkala. */
const TASK = 'bersih-bersih';
/** Apps that have held the lease: only they give it back when they stop (asking nothing otherwise). */
const holding = new WeakSet<object>();

/** Forgets expired tokens, idempotency keys older than 24 h and ended per-IP windows. */
export async function pruneExpired(app: FastifyInstance): Promise<void> {
  const now = app.clock();
  await deleteExpiredTokens(app.db, now - HOUR);
  await pruneKeys(app.db, now - 24 * HOUR);
  await pruneRateHits(app.db, now - HOUR);
}

/**
 * One look: the process holding the clean-up's lease (taking or renewing it) prunes when an hour has
 * passed since any process last did, for every process and machine of the database
 * (docs/decisions/160); answers whether this look pruned.
 */
export async function maintenanceLook(app: FastifyInstance): Promise<boolean> {
  const holder = leaseHolderOf(app);
  const now = app.clock();
  const lease = await claimTugas(app.db, TASK, holder, now, MAINTENANCE_LEASE_MS);
  if (lease) holding.add(app);
  if (!lease || (lease.terakhirAt !== null && now - lease.terakhirAt < HOUR)) return false;
  await pruneExpired(app);
  await finishTugas(app.db, TASK, holder, now);
  return true;
}

/** Looks every few minutes; gives the lease back when the app stops. */
export function startMaintenance(app: FastifyInstance): void {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= maintenanceLook(app)
      .catch((error: unknown) => app.log.warn({ err: error }, 'maintenance failed'))
      .finally(() => {
        running = undefined;
      });
  }, LOOK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    // A process that never held the lease asks nothing of the database when it stops (a stop while
    // the database is away must not wait for it).
    if (holding.has(app)) await releaseTugas(app.db, TASK, leaseHolderOf(app)).catch(() => undefined);
  });
}
