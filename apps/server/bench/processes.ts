import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

// What every bench needs to run servers of its own: a free loopback port, the environment of a
// measured server, waiting until one answers, a fresh PostgreSQL database, and the bare node:http
// ceiling.

/** The secret of every bench server (fixed, so tokens made by a seed stay valid). */
export const BENCH_SECRET = 'bench-secret-0123456789abcdef0123456789';

/** The PostgreSQL server the benches make their databases on. */
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database on the PostgreSQL server of PG_URL, and how to drop it; null when unreachable. */
export async function freshDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A free port on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Waits (at most 60 s) until `url` answers below 500; fails at once when `child` has exited. */
export async function waitFor(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`server keluar (kode ${child.exitCode})`);
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} tidak menjawab`);
}

/**
 * The environment of a measured server on 127.0.0.1:`port`: the database, its own data folder, the
 * bench secret, no demo data, quiet logs, no rate limit in the way, and no web app to serve.
 */
export function serverEnv(
  port: number,
  databaseUrl: string,
  dataDir: string,
  extra: Record<string, string> = {},
) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    UKT_SECRET: BENCH_SECRET,
    UKT_DEMO: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WEB_DIST: join(dataDir, 'no-web'),
    ...extra,
  };
}

/**
 * Starts the ceiling: a bare node:http answering `body` as JSON to every request, the most any
 * server could do on this machine under the same load. Answers its URL.
 */
export async function startCeiling(body: string, children: ChildProcess[]): Promise<string> {
  const port = await freePort();
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `const b=${JSON.stringify(body)};require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json; charset=utf-8','content-length':Buffer.byteLength(b)});s.end(b)}).listen(${port},'127.0.0.1')`,
    ],
    { stdio: 'inherit' },
  );
  children.push(bare);
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, bare);
  return url;
}
