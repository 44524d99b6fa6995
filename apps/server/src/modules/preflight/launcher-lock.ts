import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// Which launcher runs the venue of a data folder (docs/decisions/152): a small file in DATA_DIR with
// the launcher's pid, its name and ports, and the pids of Caddy and the app once started. A second
// `npm run venue` on the same data folder, and `periksa`, read it to say "UKT Penguji sudah berjalan
// di jendela lain" instead of treating the venue's own Caddy as a stranger. The file is removed when
// the launcher stops, and by the watchdog when the launcher is killed; a file left by a power cut is
// recognised as stale because its pid no longer runs a launcher.

/** The file's name in DATA_DIR. */
export const LOCK_NAME = 'peluncur-berjalan.json';

/** What the file holds. */
export interface LauncherLock {
  /** The launcher's pid. */
  pid: number;
  nama: string;
  alamat: string;
  httpPort: number;
  httpsPort: number;
  appPort: number;
  caddyPid?: number;
  appPid?: number;
}

export const lockFile = (dataDir: string) => join(dataDir, LOCK_NAME);

/**
 * A launcher's command line: `dist/launcher.js`, `src/launcher/main.ts` through tsx, or the
 * `venue.js` / `venue.ts` of a release before the launcher had its own folder (docs/decisions/171).
 */
const LAUNCHER_ENTRY = /venue\.(js|ts)|launcher\.js|launcher[/\\]main\.ts/;

/** The lock as written, or null when there is none or it cannot be read. */
function readLock(file: string): LauncherLock | null {
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8')) as LauncherLock;
    return Number.isInteger(lock.pid) && lock.pid > 0 ? lock : null;
  } catch {
    return null;
  }
}

/**
 * Whether `pid` is a running venue launcher: the process exists (kill 0), and where the platform
 * lets us read its command line, that line runs the launcher's entry (a pid reused after a power
 * cut by another program is not a launcher).
 */
export function launcherRuns(pid: number, platform: NodeJS.Platform = process.platform): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    if (platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/\) Z /.test(stat)) return false;
      return LAUNCHER_ENTRY.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    }
    if (platform === 'darwin') {
      const line = execFileSync('ps', ['-p', String(pid), '-o', 'command='], {
        encoding: 'utf8',
        timeout: 5_000,
      });
      return LAUNCHER_ENTRY.test(line);
    }
    if (platform === 'win32') {
      const line = execFileSync('tasklist', ['/FI', `PID eq ${pid}`, '/FO', 'CSV', '/NH'], {
        encoding: 'utf8',
        timeout: 10_000,
        windowsHide: true,
      });
      return /^"node(\.exe)?"/im.test(line);
    }
  } catch {
    // cannot tell: the process exists, so it counts
  }
  return true;
}

/** The venue running on `dataDir`, or null (no file, or a stale one). */
export function runningLauncher(dataDir: string): LauncherLock | null {
  const lock = readLock(lockFile(dataDir));
  return lock && lock.pid !== process.pid && launcherRuns(lock.pid) ? lock : null;
}

/** The window's line for a venue that already runs. */
export function alreadyRunning(lock: LauncherLock): string {
  return [
    `✗ UKT Penguji sudah berjalan di jendela lain untuk ${lock.nama} (peluncur pid ${lock.pid}, port ${lock.httpPort} dan ${lock.httpsPort}): ${lock.alamat}`,
    '    Pakai jendela itu. Untuk memulai ulang, tekan Ctrl+C di jendela itu (atau tutup jendelanya), lalu jalankan lagi perintah ini.',
  ].join('\n');
}

/** A claimed lock: more pids written into it, and removed at the end. */
export interface HeldLock {
  update(more: Partial<LauncherLock>): void;
  release(): void;
}

/**
 * Claims the data folder for this launcher: creates the file exclusively, so two launchers started
 * together cannot both run; a stale file is replaced. Answers the venue that runs instead, if any.
 */
export function claimLauncherLock(dataDir: string, lock: LauncherLock): HeldLock | { running: LauncherLock } {
  const file = lockFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  let current = { ...lock };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(current));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const other = runningLauncher(dataDir);
      if (other) return { running: other };
      rmSync(file, { force: true });
    }
  }
  return {
    update(more) {
      current = { ...current, ...more };
      try {
        writeFileSync(file, JSON.stringify(current), { mode: 0o600 });
      } catch {
        // the pids are a help for the next start, not a reason to stop
      }
    },
    release() {
      removeLockOf(dataDir, lock.pid);
    },
  };
}

/** Removes the lock when it is still `pid`'s (the watchdog's clean-up after a killed launcher). */
export function removeLockOf(dataDir: string, pid: number): void {
  const file = lockFile(dataDir);
  if (readLock(file)?.pid === pid) rmSync(file, { force: true });
}
