import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase } from '../../apps/server/test/support/pg-cluster';
import { freePort, ROOT, type TestServer } from './server';

// The built server on a PostgreSQL database of its own (TEST_DATABASE_URL's server, or a throwaway
// cluster without it), for what only several processes or the database's own link show: the live
// bus over LISTEN/NOTIFY. It can refuse new connections to its database for a while, which cuts
// the server's listener and keeps it from coming back, while its pool's open connections still serve.

/** A server on PostgreSQL, with what a test needs to cut its link to the database. */
export interface PgTestServer extends TestServer {
  /** Refuses (false) or allows again (true) new connections to the database. */
  allowConnections(allow: boolean): Promise<void>;
  /** Ends the server's LISTEN connection, as a database restart would. */
  cutListener(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const digits = (text: string) => text.replace(/\D+/g, '');

/** Starts `node apps/server/dist/server.js` with the demo data on a fresh PostgreSQL database. */
export async function startPgServer(): Promise<PgTestServer> {
  const database = await freshDatabase('ukt_e2e');
  const name = new URL(database.url).pathname.slice(1);
  const adminUrl = new URL(database.url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const dataDir = mkdtempSync(join(tmpdir(), 'ukt-e2e-pg-'));
  const port = await freePort();
  const outbox = join(dataDir, 'otp.jsonl');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    OTP_DELIVERY: 'file',
    OTP_OUTBOX: outbox,
    UKT_ORG_ID: '1',
    UKT_DEMO: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  const baseURL = `http://127.0.0.1:${port}`;
  let stderr = '';
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/server.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const deadline = Date.now() + 45_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`API server exited (${child.exitCode}):\n${stderr}`);
      const answer = await fetch(`${baseURL}/uktNEW/api/organisasi/1`).catch(() => undefined);
      if (answer && answer.status < 500) return child;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
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
    databaseUrl: database.url,
    async otpFor(noWa) {
      const until = Date.now() + 5_000;
      for (;;) {
        let lines: string[] = [];
        try {
          lines = readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean);
        } catch {
          // no message yet
        }
        const found = lines
          .map((l) => JSON.parse(l) as { to?: string; code?: string })
          .reverse()
          .find((m) => m.code && digits(m.to ?? '') === digits(noWa));
        if (found?.code) return found.code;
        if (Date.now() > until) throw new Error(`no OTP sent to ${noWa} in ${outbox}`);
        await sleep(100);
      }
    },
    linkFor(noWa, sabuk) {
      const args = [join(ROOT, 'apps/server/dist/cli.js'), 'link', noWa];
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
    async allowConnections(allow) {
      await admin.query(`alter database ${name} with allow_connections ${allow}`);
    },
    async cutListener() {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
        [name],
      );
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
      await admin.query(`alter database ${name} with allow_connections true`).catch(() => undefined);
      await admin.end();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
