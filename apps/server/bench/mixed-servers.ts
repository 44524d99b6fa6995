import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startCaddyFront } from './caddy-front';
import { freePort, serverEnv, waitFor } from './processes';
import { BENCH_DIST, SERVER_DIR } from './server-build';

// The servers the exam-day mix runs against (mixed.ts): the built server in one process or as a
// cluster, two machines behind Caddy, and how a run waits for them and stops them.

/** Starts the built server (server.js, or cluster.js for several processes) on a database. */
export async function startServer(
  entry: 'server.js' | 'cluster.js',
  url: string,
  dir: string,
  children: ChildProcess[],
  env: Record<string, string> = {},
): Promise<string> {
  const port = await freePort();
  // BENCH_PROFILE=DIR: each server process leaves a --cpu-prof profile in DIR.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, join(BENCH_DIST, entry)], {
    cwd: SERVER_DIR,
    env: serverEnv(port, url, dir, env),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  // The cluster's primary says when every process listens; a run must not start while one still boots.
  let said = '';
  const all = new Promise<void>((resolve) => {
    if (entry === 'server.js') resolve();
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      said += chunk.toString();
      if (/\[klaster\] \d+ proses server/.test(said)) resolve();
    });
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/uktNEW/api/organisasi/1`, child);
  await Promise.race([
    all,
    new Promise((_, reject) => setTimeout(() => reject(new Error('klaster tidak siap dalam 60 s')), 60_000)),
  ]);
  return base;
}

/**
 * Two machines on one PostgreSQL, as an organisation's server grows (docs/decisions/165): two
 * server.js processes, each with a data folder and a port of its own, and Caddy in front of both
 * with deploy/Caddyfile.mesin-banyak. On this one machine they share its two cores with Caddy.
 */
export async function startMachines(url: string, dir: string, children: ChildProcess[]): Promise<string> {
  const upstreams: string[] = [];
  for (const name of ['mesin-1', 'mesin-2']) {
    const own = join(dir, name);
    mkdirSync(own, { recursive: true });
    upstreams.push(await startServer('server.js', url, own, children, { TRUST_PROXY: '127.0.0.1' }));
  }
  return startCaddyFront(upstreams, join(dir, 'caddy'), children);
}

/** Waits until a server has worked off what a finished run left in flight (answers quickly again). */
export async function settle(base: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    const ok = await fetch(`${base}/uktNEW/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops every process a run started, and waits until each has exited. */
export async function stopAll(children: ChildProcess[]): Promise<void> {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
