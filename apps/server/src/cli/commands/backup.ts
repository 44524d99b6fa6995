import { resolve } from 'node:path';
import { formatUkuran } from '@ukt/core';
import type { Config } from '../../config/env';
import { connectDb } from '../../db/connect';
import { dialectName } from '../../db/dialect';
import { systemClock } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { type BackupManifest, createBackup } from '../../modules/backup/backup.service';
import { configBackupSource } from '../../modules/backup/backup-source';
import { restoreBackup } from '../../modules/backup/restore.service';
import type { OwnDatabaseCommand } from '../command';

const describeCounts = (m: BackupManifest) =>
  `Isi: ${Object.entries(m.counts)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')}; ${m.files} berkas data.`;

const describeBackup = (file: string, bytes: number, m: BackupManifest) =>
  [
    `Cadangan ditulis ke ${file} (${formatUkuran(bytes)}${m.encrypted ? ', dilindungi kata sandi' : ''}).`,
    describeCounts(m),
  ].join('\n');

/**
 * The passphrase of `backup` and `restore`: from the variable `--passphrase-env NAME` names, else
 * UKT_BACKUP_PASSPHRASE. Never asked for on a terminal: CI and services have none.
 */
function passphraseOf(config: Config, envName: string | undefined, env = process.env): string | undefined {
  if (envName === undefined) return config.backup.passphrase;
  const value = env[envName];
  if (!value) throw badRequest(`--passphrase-env ${envName}: variabel ${envName} kosong atau tidak ada.`);
  if (value.length < 8) throw badRequest(`Kata sandi cadangan di ${envName} minimal 8 karakter.`);
  return value;
}

/** `ukt backup` and `ukt restore`: the database and DATA_DIR in one archive, and back. */
export const backupCommands: OwnDatabaseCommand[] = [
  {
    name: 'backup',
    ownDatabase: true,
    flags: '[--out FILE] [--passphrase-env NAME]',
    help: 'cadangan database + DATA_DIR dalam satu arsip, aman saat server berjalan',
    async run({ config, io, flag }) {
      const out = flag('out');
      const passphrase = passphraseOf(config, flag('passphrase-env'));
      // The database as it is: a backup never migrates it (an older server may still run on it).
      const { db } = connectDb(config.databaseUrl);
      try {
        const result = await createBackup(configBackupSource(config, db, { clock: systemClock }), {
          out: out ? resolve(config.invocationDir, out) : undefined,
          passphrase,
          reason: 'manual',
        });
        io.out(describeBackup(result.file, result.bytes, result.manifest));
        if (result.note) io.out(result.note);
        return 0;
      } finally {
        await db.destroy();
      }
    },
  },
  {
    name: 'restore',
    ownDatabase: true,
    arg: 'FILE',
    flags: '[--force] [--selagi-server-jalan] [--passphrase-env NAME]',
    help: 'pulihkan cadangan ke database dan DATA_DIR yang kosong, dengan server berhenti (--force: timpa isinya)',
    async run({ config, io, arg, flag }) {
      const { manifest, notes } = await restoreBackup(
        {
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          backupDir: config.backup.dir,
          caddyDataDir: config.caddyDataDir,
        },
        arg,
        {
          force: flag('force') !== undefined,
          whileServerRuns: flag('selagi-server-jalan') !== undefined,
          passphrase: passphraseOf(config, flag('passphrase-env')),
        },
      );
      io.out(
        `Dipulihkan dari ${arg} (dibuat ${manifest.created_at}, ${manifest.dialect}, versi ${manifest.app_version}, migrasi ${manifest.migration}).`,
      );
      io.out(describeCounts(manifest));
      io.out(`Tujuan: database ${dialectName(config.databaseUrl)}, folder data ${config.dataDir}.`);
      for (const line of notes) io.out(line);
      return 0;
    },
  },
];
