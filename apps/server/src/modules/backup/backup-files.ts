import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { DEFAULT_BACKUP_FOLDER } from '../../config/backup-dir';

// Which files of DATA_DIR belong in a backup: secret.key, images, recordings … but not the SQLite
// files (the archive holds the database as rows), backups themselves, or work files. The default
// backup folder, DATA_DIR/cadangan, is left out even when BACKUP_DIR is set elsewhere: backups kept
// there before are neither copied into every new one nor removed by a restore (docs/decisions/123).
// Caddy's data folder, DATA_DIR/caddy by default, is left out too: only its CA's root travels, as
// a part of its own (caddy-ca.ts, docs/decisions/132). Login codes never travel: the login-code file
// (OTP_OUTBOX, and its default names at the top of the folder, whichever process wrote them) is
// left out (docs/decisions/157).

/** What a data folder holds that a backup must leave out. */
export interface DataDirExclusions {
  /** The SQLite database file when it lives in the folder (its -wal/-shm/-journal/-pid go too). */
  sqliteFile?: string;
  /** The backup folder when it lives in the folder. */
  backupDir?: string;
  /** Caddy's data folder when it lives in the folder. */
  caddyDataDir?: string;
  /** The login-code file (OTP_OUTBOX) when it lives in the folder. */
  loginCodeFile?: string;
}

/**
 * The login-code file's names at the top of a data folder: the server's default (config/env.ts) and
 * the venue launcher's (launcher/plan.ts). A backup taken by `ukt backup` in another window does not
 * know the OTP_OUTBOX the launcher gave the app, so both are left out by name.
 */
const LOGIN_CODE_FILE_NAMES = ['otp-outbox.jsonl', 'kode-login.jsonl'];

const WORK_FILE = /^(\.write-test-|\.sementara-)/;

/** The SQLite file of a DATABASE_URL, or undefined for PostgreSQL. */
export const sqliteFileOf = (databaseUrl: string) =>
  databaseUrl.startsWith('sqlite:') ? resolve(databaseUrl.slice('sqlite:'.length)) : undefined;

/** Every file under `dir` that a backup keeps, as paths relative to it with forward slashes. */
export async function dataFiles(dir: string, exclude: DataDirExclusions): Promise<string[]> {
  const skip = new Set<string>();
  if (exclude.sqliteFile) {
    for (const suffix of ['', '-wal', '-shm', '-journal', '-pid']) skip.add(`${exclude.sqliteFile}${suffix}`);
  }
  for (const name of LOGIN_CODE_FILE_NAMES) skip.add(join(resolve(dir), name));
  if (exclude.loginCodeFile) skip.add(resolve(exclude.loginCodeFile));
  const skipDirs = new Set([join(resolve(dir), DEFAULT_BACKUP_FOLDER)]);
  if (exclude.backupDir) skipDirs.add(resolve(exclude.backupDir));
  if (exclude.caddyDataDir) skipDirs.add(resolve(exclude.caddyDataDir));
  const out: string[] = [];
  const walk = async (at: string): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (WORK_FILE.test(entry.name) || skip.has(path)) continue;
      if (entry.isDirectory()) {
        if (skipDirs.has(resolve(path))) continue;
        await walk(path);
      } else if (entry.isFile()) {
        out.push(relative(dir, path).split(sep).join('/'));
      }
    }
  };
  await walk(resolve(dir));
  return out.sort();
}

/** The sha256 of a file, hex. */
export function sha256File(file: string): Promise<string> {
  return new Promise((resolveHash, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolveHash(hash.digest('hex')));
  });
}
