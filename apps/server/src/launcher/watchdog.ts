import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { removeLockOf } from '../modules/preflight/launcher-lock';

// The venue's watchdog (docs/decisions/152): Caddy and the app never outlive the launcher, however
// it ends. Ctrl+C, SIGTERM, SIGHUP (a terminal closed) and Windows' closing of the console window
// (which Node reports as SIGHUP) reach the launcher, which stops both itself. A launcher killed
// outright (SIGKILL, Task Manager's End task) cleans nothing up: this small process, started apart
// from the launcher's terminal (its own session; on Windows without a console, so closing the window
// does not end it), holds a pipe from the launcher. When the pipe ends without "selesai", the launcher
// is gone: it stops the pids it was given, Caddy first, and removes the launcher's lock file.

/** The variable that makes the launcher's entry (launcher.js) the watchdog instead of the launcher. */
export const WATCHDOG_VARIABLE = 'UKT_VENUE_PENJAGA';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The launcher's side: the pipe to the watchdog. */
export interface Watchdog {
  /** Stop `pid` if the launcher ends without saying so; the last watched is stopped first. */
  watch(pid: number, graceMs: number): void;
  /** The launcher stopped everything itself: the watchdog ends without stopping anything. */
  done(): Promise<void>;
}

/**
 * Starts the watchdog: `program args` run the launcher's own entry (launcher.js, or launcher/main.ts through
 * tsx) with WATCHDOG_VARIABLE set; `dataDir` and `launcherPid` name the lock it removes.
 */
export function startWatchdog(program: string, args: string[], dataDir: string): Watchdog {
  const child: ChildProcess = spawn(program, args, {
    env: { ...process.env, [WATCHDOG_VARIABLE]: JSON.stringify({ dataDir, launcher: process.pid }) },
    // Its own session (Unix) or no console at all (Windows): the terminal's signals and the closing
    // of the window reach the launcher, not the watchdog.
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    windowsHide: true,
  });
  child.on('error', () => {});
  child.stdin?.on('error', () => {});
  child.unref();
  const send = (line: string) => {
    if (child.stdin?.writable) child.stdin.write(`${line}\n`);
  };
  return {
    watch: (pid, graceMs) => send(`jaga ${pid} ${graceMs}`),
    done: () =>
      new Promise((resolve) => {
        if (!child.stdin?.writable) return resolve();
        child.stdin.end('selesai\n', () => resolve());
        setTimeout(resolve, 1_000).unref();
      }),
  };
}

/** A process's start time on Linux (field 22 of /proc/PID/stat), to tell it from a later one with its pid. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether `pid` still runs (a zombie does not). */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** SIGTERM, then SIGKILL after `graceMs`, unless the pid is now another process. */
async function stop(pid: number, graceMs: number, started: string | null): Promise<void> {
  if (started !== null && startTime(pid) !== started) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (runs(pid) && Date.now() < deadline) await sleep(100);
  if (runs(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
}

/** The watchdog's own side, run by the launcher's entry when WATCHDOG_VARIABLE is set. */
export function runWatchdog(setting: string): void {
  const { dataDir, launcher } = JSON.parse(setting) as { dataDir: string; launcher: number };
  // Nothing from a terminal ends it early: only the pipe does.
  for (const signal of ['SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});
  const watched: { pid: number; graceMs: number; started: string | null }[] = [];
  let finished = false;
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const [word, pid, grace] = line.trim().split(' ');
    if (word === 'selesai') finished = true;
    if (word === 'jaga' && Number(pid) > 0)
      watched.push({ pid: Number(pid), graceMs: Number(grace) || 3_000, started: startTime(Number(pid)) });
  });
  lines.on('close', () => {
    void (async () => {
      if (!finished) {
        for (const { pid, graceMs, started } of [...watched].reverse()) await stop(pid, graceMs, started);
        removeLockOf(dataDir, launcher);
      }
      process.exit(0);
    })();
  });
}
