import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@ukt/server/test-support/server-process';

/** The repository root (e2e/support/ is two levels down). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A running API server on a fresh temporary database, serving the built app. */
export interface TestServer {
  baseURL: string;
  dataDir: string;
  databaseUrl: string;
  /** The newest login code sent to a number, read from the `file` OTP outbox (waits up to 5 s). */
  otpFor(noWa: string): Promise<string>;
  /** A token-login path made by the committee CLI: '/ut/{token}' or '/utss/{token}?vard=N'. */
  linkFor(noWa: string, sabuk?: number): Promise<string>;
  /** Kills the server process at once (SIGKILL, like a crash or power loss); the database stays. */
  kill(): Promise<void>;
  /**
   * Starts the server again on the same port and database (after kill()) and waits until it answers;
   * `env` is added to its environment from then on (e.g. TRUST_PROXY behind a proxy).
   */
  restart(env?: Record<string, string>): Promise<void>;
  /** Stops the server and removes its temporary directory. */
  stop(): Promise<void>;
}

// A free port as the server's own tests find one (docs/decisions/176).
export { freePort };

const digits = (text: string) => text.replace(/\D+/g, '');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// UKT_E2E_FROM_SOURCE=1 runs the server and CLI from TypeScript through tsx, for working on the
// tests without rebuilding the server; `npm test` always uses the built dist/ files.
const fromSource = process.env.UKT_E2E_FROM_SOURCE === '1';
const script = (dist: string, src: string) =>
  fromSource ? ['--import', 'tsx', join(ROOT, src)] : [join(ROOT, dist)];

/**
 * Starts `node apps/server/dist/server.js` on a free port and waits until it answers: on a SQLite
 * file in its data folder, or on `databaseUrl` (a PostgreSQL database the caller made and drops).
 */
export async function startServer(options: { databaseUrl?: string } = {}): Promise<TestServer> {
  const entry = join(ROOT, 'apps/server/dist/server.js');
  if (!fromSource && !existsSync(entry)) {
    throw new Error(`${entry} is missing: run "npm run build" (or "npm run build -w apps/server") first.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ukt-e2e-'));
  const port = await freePort();
  const databaseUrl = options.databaseUrl ?? `sqlite:${join(dataDir, 'ukt.db')}`;
  const outbox = join(dataDir, 'otp.jsonl');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    OTP_DELIVERY: 'file',
    OTP_OUTBOX: outbox,
    UKT_ORG_ID: '1',
    // The demo, which the tests sign in with: a new database has none unless asked (docs/decisions/154).
    UKT_DEMO: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  const baseURL = `http://127.0.0.1:${port}`;
  let stderr = '';
  const launch = async (): Promise<ChildProcess> => {
    stderr = '';
    const started: ChildProcess = spawn(
      process.execPath,
      script('apps/server/dist/server.js', 'apps/server/src/server.ts'),
      { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    started.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const deadline = Date.now() + 45_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`API server exited (${started.exitCode}):\n${stderr}`);
      try {
        const res = await fetch(`${baseURL}/uktNEW/api/organisasi/1`);
        if (res.status < 500) return started;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`API server did not answer within 45 s:\n${stderr}`);
      }
      await sleep(100);
    }
  };
  let child = await launch();
  const exit = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await Promise.race([exited, sleep(3_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };

  return {
    baseURL,
    dataDir,
    databaseUrl,
    async otpFor(noWa) {
      const want = digits(noWa);
      const until = Date.now() + 5_000;
      for (;;) {
        let lines: string[] = [];
        try {
          lines = readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean);
        } catch {
          // no message yet
        }
        for (let i = lines.length - 1; i >= 0; i--) {
          const message = JSON.parse(lines[i] ?? '{}') as { to?: string; code?: string };
          if (message.code && digits(message.to ?? '').endsWith(want.replace(/^(62|0)/, '')))
            return message.code;
        }
        if (Date.now() > until) throw new Error(`no OTP sent to ${noWa} in ${outbox}`);
        await sleep(100);
      }
    },
    linkFor(noWa, sabuk) {
      const args = [...script('apps/server/dist/cli.js', 'apps/server/src/cli/main.ts'), 'link', noWa];
      if (sabuk !== undefined) args.push('--sabuk', String(sabuk));
      return new Promise((resolve, reject) => {
        execFile(process.execPath, args, { cwd: ROOT, env }, (error, stdout, errOut) => {
          if (error) return reject(new Error(`ukt link failed: ${errOut || error.message}`));
          const match = /\/(ut|utss)\/[^\s]+/.exec(stdout);
          if (!match) return reject(new Error(`ukt link printed no link: ${stdout}`));
          resolve(match[0]);
        });
      });
    },
    async kill() {
      await exit('SIGKILL');
    },
    async restart(extra) {
      await exit('SIGKILL');
      Object.assign(env, extra);
      child = await launch();
    },
    async stop() {
      await exit('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
