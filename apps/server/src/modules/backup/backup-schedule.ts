import { resolve } from 'node:path';
import type { CadanganGagal } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import { claimTugas, finishTugas, leaseHolderOf, releaseTugas } from '../../db/tugas-berkala.repository';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError } from '../../lib/errors';
import { type BackupEntry, createBackup, listBackups, pruneScheduled } from './backup.service';
import { serverBackupSource } from './backup-source';
import { deleteCadanganGagal, listCadanganGagal, upsertCadanganGagal } from './cadangan-gagal.repository';

// Scheduled backups during an event (DESIGN §14): into BACKUP_DIR whenever the newest scheduled one
// is BACKUP_INTERVAL_MINUTES old, the oldest pruned beyond BACKUP_KEEP. One process of the database
// takes them, on whichever machine: the one holding the schedule's lease in the database, renewed at
// every look; when it stops or dies another takes over (docs/decisions/160). The newest is the later
// of the one the database records (taken by any machine) and this folder's, so neither a restart nor
// a takeover takes one early (docs/decisions/097).
// A failure is logged, kept in the database for every process's console until a backup succeeds,
// and retried at the next look (docs/decisions/122).

/** The schedule's row among the database's timed tasks. */
const TASK = 'cadangan-terjadwal';
/** How often a process looks whether a scheduled backup is due. */
const TICK_MS = 60_000;
/** How long the schedule stays with a process that no longer renews it (it died): three looks. */
export const BACKUP_LEASE_MS = 3 * TICK_MS;
/** Names carry whole seconds and ticks drift: a backup this much early still counts as due. */
const SLACK_MS = 30_000;

/** The committee's words for a failure that is not the folder's. */
function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (isDatabaseUnavailable(error))
    return 'Cadangan gagal: database tidak dapat dibaca saat ini. Periksa database server; cadangan dicoba lagi tiap menit.';
  return 'Cadangan gagal karena kesalahan di server. Lihat log server, lalu buat cadangan lagi dari halaman Cadangan.';
}

/** The folder as the failures table names it, whichever way BACKUP_DIR was written. */
const folderOf = (app: FastifyInstance) => resolve(app.config.backup.dir);

/** Whether a scheduled backup is due, after the one the database records (`terakhirAt`) and this folder's newest. */
async function isDue(app: FastifyInstance, terakhirAt: number | null): Promise<boolean> {
  const minutes = app.config.backup.intervalMinutes ?? 0;
  const inFolder = (await listBackups(app.config.backup.dir)).find((b) => b.reason === 'jadwal');
  const newest = Math.max(terakhirAt ?? 0, inFolder ? Date.parse(inFolder.created_at) : 0);
  return app.clock() - newest >= minutes * 60_000 - SLACK_MS;
}

/** Keeps the failure for every process's console; a database that cannot take it is only logged. */
async function keepFailure(app: FastifyInstance, error: unknown): Promise<void> {
  const row = { folder: folderOf(app), gagal_at: app.clock(), pesan: failureMessage(error) };
  await app.writer
    .run((trx) => upsertCadanganGagal(trx, row))
    .catch((failed: unknown) =>
      app.log.error({ err: failed }, 'Kegagalan cadangan terjadwal tidak dapat dicatat di database.'),
    );
}

async function takeIfDue(app: FastifyInstance, terakhirAt: number | null): Promise<string | null> {
  const { backup } = app.config;
  let file: string;
  let note: string | undefined;
  try {
    if (!(await isDue(app, terakhirAt))) return null;
    ({ file, note } = await createBackup(serverBackupSource(app), {
      reason: 'jadwal',
      passphrase: backup.passphrase,
    }));
  } catch (error) {
    // A console backup under way: this look leaves it be, the next one tries again.
    if (error instanceof AppError && error.statusCode === 409) return null;
    await keepFailure(app, error);
    throw error;
  }
  if (note) app.log.warn(note);
  await app.writer
    .run((trx) => deleteCadanganGagal(trx, folderOf(app)))
    .catch((failed: unknown) =>
      app.log.error({ err: failed }, 'Catatan cadangan gagal tidak dapat dihapus.'),
    );
  // The backup is written: old ones that cannot be removed are only a warning.
  await pruneScheduled(backup.dir, backup.keep).catch((failed: unknown) =>
    app.log.warn({ err: failed }, `Cadangan terjadwal lama di ${backup.dir} tidak dapat dihapus.`),
  );
  return file;
}

/**
 * Takes a scheduled backup when one is due and this process holds the schedule (taking or renewing
 * its lease); answers the file or null. A failure is kept for the console, then thrown.
 */
export async function scheduledBackup(app: FastifyInstance): Promise<string | null> {
  const holder = leaseHolderOf(app);
  const started = app.clock();
  const lease = await claimTugas(app.db, TASK, holder, started, BACKUP_LEASE_MS);
  if (!lease) return null;
  const file = await takeIfDue(app, lease.terakhirAt);
  if (file)
    await finishTugas(app.db, TASK, holder, started).catch((failed: unknown) =>
      app.log.warn({ err: failed }, 'Waktu cadangan terjadwal tidak dapat dicatat di database.'),
    );
  return file;
}

/** One look of the schedule: what it took, or why it failed and what to do, goes to the log. */
export async function runScheduledBackup(app: FastifyInstance): Promise<void> {
  try {
    const file = await scheduledBackup(app);
    if (file) app.log.info(`Cadangan terjadwal ditulis ke ${file}`);
  } catch (error) {
    const cause = error instanceof AppError ? (error.cause ?? error) : error;
    app.log.error({ err: cause }, `${failureMessage(error)} Cadangan terjadwal dicoba lagi tiap menit.`);
  }
}

/**
 * The newest scheduled backup that failed and that no backup has followed since (in this server's
 * folder; another folder's until its own schedule succeeds), for the console's warning.
 */
export async function scheduledFailure(
  app: FastifyInstance,
  backups: BackupEntry[],
): Promise<CadanganGagal | null> {
  const folder = folderOf(app);
  // Names carry whole seconds: a backup named in the failure's second counts as after it.
  const newest = backups.find((b) => b.reason !== 'lain');
  const since = newest ? Date.parse(newest.created_at) : Number.NEGATIVE_INFINITY;
  const row = (await listCadanganGagal(app.db)).find(
    (r) => r.folder !== folder || Math.floor(r.gagal_at / 1000) * 1000 > since,
  );
  return row
    ? { folder: row.folder, gagal_at: new Date(row.gagal_at).toISOString(), pesan: row.pesan }
    : null;
}

/** Starts the schedule when BACKUP_INTERVAL_MINUTES (or BACKUP_DIR) asks for one; stops with the app. */
export function startBackupSchedule(app: FastifyInstance): void {
  const minutes = app.config.backup.intervalMinutes;
  if (!minutes) return;
  let running: Promise<void> | undefined;
  const holder = leaseHolderOf(app);
  const timer = setInterval(() => {
    // A long backup keeps its lease: renewed at every look while it runs.
    if (running) {
      void claimTugas(app.db, TASK, holder, app.clock(), BACKUP_LEASE_MS).catch(() => undefined);
      return;
    }
    running = runScheduledBackup(app).finally(() => {
      running = undefined;
    });
  }, TICK_MS);
  timer.unref();
  // A backup under way finishes before the database closes under it; then the schedule is given
  // back, for another process to take at its next look.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await releaseTugas(app.db, TASK, holder).catch(() => undefined);
  });
  app.log.info(
    `Cadangan terjadwal tiap ${minutes} menit ke ${app.config.backup.dir} (disimpan ${app.config.backup.keep}).`,
  );
}
