import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT_DIR } from './paths';
import { freePort } from './server-process';

// Caddy (Debian's 2.6) running the shipped deploy/Caddyfile on 127.0.0.1, for the tests of what it
// serves over plain http (docs/decisions/095 and 126). The browser tests run it in front of the app
// (e2e/support/caddy.ts), starting and stopping it through runCaddy below.

/** deploy/Caddyfile, as the committee copies it. */
export const CADDYFILE = join(ROOT_DIR, 'deploy', 'Caddyfile');

/** A running Caddy and where it keeps its files. */
export interface TestCaddy {
  /** The plain-http site at UKT_HOST: http://localhost:<port>. */
  httpOrigin: string;
  /** The port of the https site at UKT_HOST. */
  httpsPort: number;
  /** UKT_CADDY_DATA: its CA (pki/authorities/local) and the certificates it issued. */
  data: string;
  /** Stops Caddy and removes its temporary folder. */
  stop(): Promise<void>;
}

/** One plain-http GET: status, headers and body. */
export function httpGet(
  url: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.once('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A started `caddy run`. */
export interface CaddyRun {
  readonly child: ChildProcess;
  /** What Caddy has written on stderr so far, for an error message. */
  stderr(): string;
  /** Stops Caddy and removes its temporary folder. */
  stop(): Promise<void>;
}

/** Runs Caddy (`command`) in its temporary folder `dir` with `env` alone as its environment. */
export function runCaddy(
  command: readonly [program: string, ...args: string[]],
  dir: string,
  env: NodeJS.ProcessEnv,
): CaddyRun {
  const [program, ...args] = command;
  let stderr = '';
  const child = spawn(program, args, { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // Caddy waits for open connections (an event stream) on SIGTERM; a test does not.
      await Promise.race([exited, sleep(3_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { child, stderr: () => stderr, stop };
}

/**
 * Starts `caddy run` on deploy/Caddyfile for UKT_HOST=localhost on free ports of 127.0.0.1, with
 * `tls` set to `tls` (UKT_TLS), its data and per-user files in a fresh temporary folder, no admin
 * endpoint, proxying to `upstream` (host:port; the Caddyfile's default otherwise); resolves once its
 * plain-http site answers. `data` is a UKT_CADDY_DATA of the caller's, which stop() leaves.
 */
export async function startCaddy(tls: string, upstream?: string, data?: string): Promise<TestCaddy> {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-caddy-'));
  data ??= join(dir, 'data');
  const httpPort = await freePort();
  let httpsPort = await freePort();
  while (httpsPort === httpPort) httpsPort = await freePort();
  const caddy = runCaddy(['caddy', 'run', '--adapter', 'caddyfile', '--config', CADDYFILE], dir, {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'xdg-data'),
    UKT_HOST: 'localhost',
    UKT_TLS: tls,
    UKT_CADDY_DATA: data,
    UKT_BIND: '127.0.0.1',
    UKT_HTTP_PORT: String(httpPort),
    UKT_HTTPS_PORT: String(httpsPort),
    UKT_CADDY_ADMIN: 'off',
    ...(upstream ? { UKT_UPSTREAM: upstream } : {}),
  });
  const { stop } = caddy;
  const httpOrigin = `http://localhost:${httpPort}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (caddy.child.exitCode !== null) {
      await stop();
      throw new Error(`caddy exited (${caddy.child.exitCode}):\n${caddy.stderr()}`);
    }
    try {
      // Any answer: the site is up (everything but the certificate redirects to https).
      await httpGet(`${httpOrigin}/`);
      return { httpOrigin, httpsPort, data, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`caddy did not answer within 30 s:\n${caddy.stderr()}`);
      }
      await sleep(100);
    }
  }
}
