import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createBackup, listBackups, pruneScheduled } from './backup.service';
import { serverBackupSource } from './backup-source';

// Scheduled backups during an event (DESIGN §14): into BACKUP_DIR whenever the newest scheduled one
// is BACKUP_INTERVAL_MINUTES old, the oldest pruned beyond BACKUP_KEEP. Due-ness is read from the
// folder, so a restart does not skip one and several processes sharing the folder take one between
// them: on PostgreSQL an advisory lock lets one process look and take at a time (docs/decisions/097).

/** An arbitrary constant naming the scheduled-backup lock among this database's advisory locks. */
const LOCK_KEY = 7_346_001;
/** How often a process looks whether a scheduled backup is due. */
const TICK_MS = 60_000;
/** Names carry whole seconds and ticks drift: a backup this much early still counts as due. */
const SLACK_MS = 30_000;

async function isDue(app: FastifyInstance): Promise<boolean> {
  const minutes = app.config.backup.intervalMinutes ?? 0;
  const newest = (await listBackups(app.config.backup.dir)).find((b) => b.reason === 'jadwal');
  return !newest || app.clock() - Date.parse(newest.created_at) >= minutes * 60_000 - SLACK_MS;
}

async function takeIfDue(app: FastifyInstance): Promise<string | null> {
  if (!(await isDue(app))) return null;
  const { backup } = app.config;
  const { file } = await createBackup(serverBackupSource(app), {
    reason: 'jadwal',
    passphrase: backup.passphrase,
  });
  await pruneScheduled(backup.dir, backup.keep);
  return file;
}

/** Takes a scheduled backup when one is due and no other process is taking it; answers the file or null. */
export async function scheduledBackup(app: FastifyInstance): Promise<string | null> {
  if (app.dialect !== 'postgres') return takeIfDue(app);
  return app.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as got`.execute(
      conn,
    );
    if (!rows[0]?.got) return null;
    try {
      return await takeIfDue(app);
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
}

/** Starts the schedule when BACKUP_INTERVAL_MINUTES (or BACKUP_DIR) asks for one; stops with the app. */
export function startBackupSchedule(app: FastifyInstance): void {
  const minutes = app.config.backup.intervalMinutes;
  if (!minutes) return;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= scheduledBackup(app)
      .then((file) => void (file && app.log.info(`Cadangan terjadwal ditulis ke ${file}`)))
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'Cadangan terjadwal gagal; dicoba lagi dalam satu menit.'),
      )
      .finally(() => {
        running = undefined;
      });
  }, TICK_MS);
  timer.unref();
  // A backup under way finishes before the database closes under it.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  app.log.info(
    `Cadangan terjadwal tiap ${minutes} menit ke ${app.config.backup.dir} (disimpan ${app.config.backup.keep}).`,
  );
}
