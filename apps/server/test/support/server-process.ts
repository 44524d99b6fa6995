import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ENTRY_POINTS } from '../../bundle-entries.mjs';
import { SERVER_DIR } from './paths';
import { FROM_SOURCE, TEST_DIST } from './process-build';

/** How long a process may take to start: a busy machine (two suites side by side) starts slowly. */
export const START_MS = 60_000;

/** How much of the output an error quotes: the end, where a failing start says why. */
const QUOTED_CHARS = 5_000;

/**
 * The ports a test hands to a process it starts come from below the range the system gives out for
 * "any free port" (32768–60999 on Linux): a server asking for port 0 — another test file's, or the
 * launcher's own app — can then never be given the port between the test's pick and the process's
 * start (seen with three test files side by side: Caddy found its port taken by a node server).
 */
const PICK_FROM = 20_000;
const PICK_TO = 32_767;

/** Whether something may listen on `port` of `host` right now (tried and let go at once). */
async function canListen(port: number, host: string): Promise<boolean> {
  const server = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => resolve(true));
  });
  if (ok) await new Promise((resolve) => server.close(resolve));
  return ok;
}

/** A port nobody listens on right now, on `host` (the loopback address unless told; the browser tests' Caddy takes ::1). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM + 1));
    if (await canListen(port, host)) return port;
  }
  throw new Error(
    `Tidak ada port bebas di ${host} antara ${PICK_FROM} dan ${PICK_TO} setelah 100 percobaan.`,
  );
}

/** The source entries the run's bundle holds (test/support/process-build.ts), by their file in it. */
const BUNDLED: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ENTRY_POINTS).map(([name, source]) => [source, `${name}.js`]),
);

/**
 * What `node` is given to run a source entry, relative to apps/server: the run's bundle of it when
 * it is one of the bundled entries, else the file itself through tsx (a test's own helper script).
 */
export function nodeArgs(entry: string): string[] {
  const bundled = FROM_SOURCE ? undefined : BUNDLED[entry];
  return bundled ? [`${TEST_DIST}/${bundled}`] : ['--import', 'tsx', entry];
}

/** What to start and with which environment. */
export interface StartOptions {
  /** Variables set on top of this process's own environment and UKT_DEMO=1. */
  env: Record<string, string>;
  /** The entry, relative to apps/server (run from the run's bundle, see nodeArgs); src/server.ts unless given. */
  entry?: string;
  /** Arguments after the entry. */
  args?: readonly string[];
  /** A program and its arguments to run instead of the entry (e.g. unshare around node). */
  command?: readonly [program: string, ...args: string[]];
}

/** A started process and what it has printed. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** stdout and stderr so far, in the order they arrived. */
  readonly output: string;
  /** stderr alone so far. */
  readonly stderr: string;
  /** The exit code (null after a signal), once the process has ended and all its output is read. */
  readonly exited: Promise<number | null>;
  /** The first match of pattern in the output; fails quoting the output after ms or when the process ends first. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** Waits for the "listening at" line and answers the address, http://127.0.0.1:PORT. */
  listening(ms?: number): Promise<string>;
  /** Sends the signal (SIGTERM unless given) unless it has ended already, and answers the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The end of the output, for an error message. */
function quote(output: string): string {
  return output.length > QUOTED_CHARS ? `…${output.slice(-QUOTED_CHARS)}` : output;
}

/** Starts the entry (or command) in apps/server and collects its output. */
export function startServer(options: StartOptions): ServerProcess {
  const [program, ...args] = options.command ?? [
    process.execPath,
    ...nodeArgs(options.entry ?? 'src/server.ts'),
    ...(options.args ?? []),
  ];
  // The demo, which the tests sign in with, unless the test says otherwise (docs/decisions/154).
  const env = { ...process.env, UKT_DEMO: '1', ...options.env };
  const child = spawn(program, args, { cwd: SERVER_DIR, env });
  let output = '';
  let stderr = '';
  let ended = false;
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    output += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    output += d;
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      ended = true;
      resolve(code);
    }),
  );

  const waitFor = async (pattern: RegExp, ms = START_MS) => {
    const started = Date.now();
    for (;;) {
      const found = pattern.exec(output);
      if (found) return found;
      if (ended)
        throw new Error(
          `exited (${child.exitCode ?? child.signalCode}) before ${pattern}:\n${quote(output)}`,
        );
      if (Date.now() - started > ms)
        throw new Error(`no ${pattern} within ${ms} ms in output:\n${quote(output)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  return {
    child,
    get output() {
      return output;
    },
    get stderr() {
      return stderr;
    },
    exited,
    waitFor,
    listening: async (ms) => (await waitFor(/listening at (http:\/\/127\.0\.0\.1:\d+)/, ms))[1] as string,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** What a process printed by the time it ended. */
export interface Finished {
  code: number | null;
  output: string;
  stderr: string;
  /** The output's lines, blank space around them trimmed. */
  lines: string[];
}

/** Runs the entry (or command) to its end. */
export async function runToExit(options: StartOptions): Promise<Finished> {
  const server = startServer(options);
  const code = await server.exited;
  const { output, stderr } = server;
  return { code, output, stderr, lines: output.trim().split('\n') };
}
