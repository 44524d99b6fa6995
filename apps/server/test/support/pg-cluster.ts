import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

/** A throwaway PostgreSQL cluster of one test file: its own directory and port, never the shared one. */
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust auth). */
  url: string;
  port: number;
  /** Starts it again after stop(); waits until it takes connections. */
  start(): void;
  /** Stops it like a crash (`pg_ctl stop -m immediate`): connections are cut, nothing is flushed. */
  stop(): void;
  /** Stops it if it runs and deletes its files. */
  destroy(): void;
}

/** A PostgreSQL program from PATH or Debian's /usr/lib/postgresql/VERSION/bin; a clear error when absent. */
function pgProgram(name: string): string {
  const dirs = (process.env.PATH ?? '').split(delimiter);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    for (const version of readdirSync(debian).sort().reverse()) dirs.push(join(debian, version, 'bin'));
  const found = dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
  if (!found)
    throw new Error(
      `PostgreSQL's ${name} is not on PATH nor under /usr/lib/postgresql/*/bin: install the PostgreSQL server to run this test.`,
    );
  return found;
}

// initdb and postgres refuse to run as root: as root (CI) they run as the postgres user.
const asRoot = process.getuid?.() === 0;

function run(program: string, args: string[]): void {
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0)
    throw new Error(
      `${program} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`,
    );
}

/** Creates a cluster in a fresh temporary directory and starts it on a free port of 127.0.0.1. */
export async function startPgCluster(): Promise<PgCluster> {
  const initdb = pgProgram('initdb');
  const pgCtl = pgProgram('pg_ctl');
  const dir = mkdtempSync(join(tmpdir(), 'ukt-pg-'));
  const data = join(dir, 'data');
  let running = false;
  const cluster: PgCluster = {
    url: '',
    port: 0,
    start() {
      run(pgCtl, [
        'start',
        '-w',
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-p ${cluster.port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      ]);
      running = true;
    },
    stop() {
      run(pgCtl, ['stop', '-w', '-m', 'immediate', '-D', data]);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    if (asRoot) {
      const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
      chownSync(dir, id('-u'), id('-g'));
    }
    run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    cluster.port = await freePort();
    cluster.url = `postgres://postgres@127.0.0.1:${cluster.port}/postgres`;
    cluster.start();
    return cluster;
  } catch (error) {
    cluster.destroy();
    throw error;
  }
}

/**
 * A fresh PostgreSQL database named `prefix_…` on TEST_DATABASE_URL's server (or on a throwaway
 * cluster of its own without it), and how to drop it.
 */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  let own: PgCluster | undefined;
  let server = process.env.TEST_DATABASE_URL;
  if (!server) {
    own = await startPgCluster();
    server = own.url;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      try {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      } finally {
        own?.destroy();
      }
    },
  };
}
