import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import { dialectName } from '../../db/dialect';
import type { Database } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { type BackupSource, createBackup } from './backup.service';

// The running server, the command line and the migration hook back up the same things: the
// database of DATABASE_URL, DATA_DIR, Caddy's CA and the backup folder of the config
// (docs/decisions/096, 132).

/** What the running server backs up (the schedule and the console's "make one now"). */
export const serverBackupSource = (app: FastifyInstance): BackupSource => ({
  db: app.db,
  dialect: app.dialect,
  databaseUrl: app.config.databaseUrl,
  pgSchema: app.pgSchema,
  dataDir: app.config.dataDir,
  backupDir: app.config.backup.dir,
  caddyDataDir: app.config.caddyDataDir,
  loginCodeFile: app.config.otp.codeFile,
  clock: app.clock,
});

/** What a database opened from the config backs up (the command line, the migration hook). */
export const configBackupSource = (
  config: Config,
  db: Kysely<Database>,
  options: { clock: Clock; pgSchema?: string },
): BackupSource => ({
  db,
  dialect: dialectName(config.databaseUrl),
  databaseUrl: config.databaseUrl,
  pgSchema: options.pgSchema,
  dataDir: config.dataDir,
  backupDir: config.backup.dir,
  caddyDataDir: config.caddyDataDir,
  loginCodeFile: config.otp.codeFile,
  clock: options.clock,
});

/**
 * openDb's `beforeMigrate`: one `migrasi` backup of a database that has data, before this version
 * changes its tables; `say` reports where it went.
 */
export const backupBeforeMigrate =
  (config: Config, options: { clock: Clock; pgSchema?: string; say: (line: string) => void }) =>
  async (db: Kysely<Database>, pending: string[]): Promise<void> => {
    const { file, note } = await createBackup(configBackupSource(config, db, options), {
      reason: 'migrasi',
      passphrase: config.backup.passphrase,
    });
    options.say(`Sebelum migrasi ${pending.join(', ')}: cadangan ditulis ke ${file}`);
    if (note) options.say(note);
  };
