import { type ChildProcess, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { nomorWa } from '@ukt/core';
import { caNameOf } from '../lib/ca-name';
import { openRotatingLog } from '../lib/rotating-log';

// The processes the venue launcher runs (docs/decisions/134): each started with its log in the data
// folder, watched until it answers, and stopped so that nothing is left running.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A started child process and how to stop it. */
export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<string>;
  /** The last lines it wrote on stderr, for an error message. */
  tail(): string;
  /** What it wrote on stderr so far (its last 64 KB). */
  log(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has ended. */
  stop(graceMs: number): Promise<void>;
}

/** Starts `program` with `args` and `env`, its output appended to `logFile`; `onLine` hears stdout lines. */
export function startChild(
  name: string,
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  onLine?: (line: string) => void,
): Child {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openRotatingLog(logFile);
  // No shell: a path with spaces or quotes is one argument, on Windows too. On Unix in its own
  // process group, so a terminal's Ctrl+C or hang-up reaches the launcher alone, which stops the
  // children in order: Caddy first, then the app with time to finish (docs/decisions/152).
  const child = spawn(program, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
    detached: process.platform !== 'win32',
  });
  let tail: string[] = [];
  let all = '';
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    if (!onLine) return;
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    all = (all + chunk.toString('utf8')).slice(-65_536);
    tail = [...tail, ...chunk.toString('utf8').split('\n').filter(Boolean)].slice(-20);
  });
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => {
      tail.push(error.message);
      resolve(`error ${(error as NodeJS.ErrnoException).code ?? error.message}`);
    });
    child.once('exit', (code, signal) => resolve(signal ?? String(code)));
  }).finally(() => log.end());
  return {
    name,
    process: child,
    exited,
    tail: () => tail.join('\n'),
    log: () => all,
    async stop(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      child.kill('SIGTERM');
      const ended = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!ended) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Waits until `url` answers below 500, or `child` ends, or `timeoutMs` passes; says which. */
export async function waitForAnswer(
  url: string,
  child: Child,
  timeoutMs: number,
): Promise<'siap' | 'berhenti' | 'terlambat'> {
  let ended = false;
  void child.exited.then(() => {
    ended = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (!ended && Date.now() < deadline) {
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status < 500) return 'siap';
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return ended ? 'berhenti' : 'terlambat';
}

/** The name and SHA-256 fingerprint of Caddy's root once Caddy has written it (up to `timeoutMs`). */
export async function rootOf(
  rootCrt: string,
  timeoutMs: number,
): Promise<{ nama: string; sidikJari: string } | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const cert = new X509Certificate(readFileSync(rootCrt));
      return caNameOf(cert);
    } catch {
      if (Date.now() > deadline) return null;
      await sleep(200);
    }
  }
}

/** A line of the login-code file: the key it is known by, when it was written, and what to show. */
interface CodeLine {
  key: string;
  at: number;
  to: string;
  code: string;
}

/** The code lines of the login-code file's text; a line that is not one (or not whole yet) is left out. */
function codeLines(text: string): CodeLine[] {
  const out: CodeLine[] = [];
  for (const line of text.split('\n')) {
    try {
      const { to, code, at } = JSON.parse(line) as { to?: string; code?: string; at?: string };
      if (to && code) out.push({ key: line, at: Date.parse(at ?? '') || 0, to, code });
    } catch {
      // not a line the app wrote, or half of one
    }
  }
  return out;
}

/** How long a code the window showed is remembered after it left the file. */
const REMEMBERED_MS = 15 * 60_000;

/**
 * Follows the login-code file of the app (OTP_DELIVERY=file) and hands each new code to `show`
 * as one plain line; the codes already there at the start are not shown. The app rewrites the file
 * without the codes past their life (docs/decisions/157), so the file is read whole (it holds
 * minutes of codes) and every code is known by its line: none is shown twice, none is missed.
 * Stops when the returned function is called.
 */
export function followLoginCodes(codeFile: string, show: (line: string) => void): () => void {
  const shown = new Map<string, number>();
  const remember = (text: string) => {
    for (const line of codeLines(text)) shown.set(line.key, line.at);
  };
  try {
    remember(readFileSync(codeFile, 'utf8'));
  } catch {
    // no code sent yet
  }
  let seen = '';
  let stopped = false;
  const read = async () => {
    try {
      const info = await stat(codeFile);
      const mark = `${info.ino}:${info.size}:${info.mtimeMs}`;
      if (mark === seen) return;
      const lines = codeLines(await readFile(codeFile, 'utf8'));
      seen = mark;
      for (const line of lines) {
        if (shown.has(line.key)) continue;
        shown.set(line.key, line.at);
        show(`Kode login untuk ${nomorWa(line.to)}: ${line.code}`);
      }
      const now = new Set(lines.map((l) => l.key));
      for (const [key, at] of shown) if (!now.has(key) && Date.now() - at > REMEMBERED_MS) shown.delete(key);
    } catch {
      // no code sent yet, or the file is being replaced: the next turn reads it
    }
  };
  const loop = async () => {
    while (!stopped) {
      await read();
      await sleep(300);
    }
  };
  void loop();
  return () => {
    stopped = true;
  };
}

/** A line of the app's JSON log worth showing in the window (warnings and errors), or null. */
export function appLogLine(line: string): string | null {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string };
    if (typeof entry.level !== 'number' || entry.level < 40 || !entry.msg) return null;
    return `${entry.level >= 50 ? 'Galat' : 'Peringatan'}: ${entry.msg}`;
  } catch {
    return line.trim() ? line : null;
  }
}
