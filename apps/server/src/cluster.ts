import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/env';
import { applySettingsFile, describeApplied } from './config/settings-file';

// Entry point of `npm run start:cluster` (and of `npm start` with WORKERS above 1, which hands over
// to this file): N server processes on one port with Node's cluster module (DESIGN §13,
// docs/decisions/046). This process only starts, watches and stops them; each one is the ordinary
// single-process server (server.ts), with its own pools, on the one PostgreSQL database.

/** A replacement that fails to start waits this long, doubling up to RETRY_MAX_MS, before the next try. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** How long the processes get to finish their requests on SIGTERM/SIGINT before they are killed. */
const STOP_MS = 15_000;

const say = (line: string) => console.log(`[klaster] ${line}`);

function main(): void {
  const settings = applySettingsFile();
  const config = loadConfig();
  if (config.databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError(
      `DATABASE_URL ${config.databaseUrl} hanya untuk satu proses server: untuk beberapa proses (WORKERS, npm run start:cluster) atur DATABASE_URL=postgres://…, atau jalankan satu proses (npm start tanpa WORKERS).`,
    );
  }
  const count = config.workers ?? Math.max(2, availableParallelism());
  // The workers run the single-process entry that sits beside this file (src/server.ts or dist/server.js).
  const here = fileURLToPath(import.meta.url);
  cluster.setupPrimary({ exec: fileURLToPath(new URL(`./server${extname(here)}`, import.meta.url)) });

  /** Workers that have listened at least once; only those are replaced when they die. */
  const serving = new WeakSet<Worker>();
  let stopping = false;
  let started = false;
  let retryMs = RETRY_FIRST_MS;

  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
  const fork = () => {
    const worker = cluster.fork();
    worker.on('listening', (a) => {
      serving.add(worker);
      retryMs = RETRY_FIRST_MS;
      if (started) {
        say(`proses server ${worker.process.pid} siap.`);
        return;
      }
      const all = alive();
      if (all.length < count || !all.every((w) => serving.has(w))) return;
      started = true;
      const pids = all.map((w) => w.process.pid).join(', ');
      say(
        `${count} proses server (pid ${pids}) di http://${a.address ?? config.host}:${a.port}; proses utama ${process.pid}.`,
      );
      say(describeApplied(settings));
    });
    return worker;
  };

  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    const running = alive();
    say(`${reason}: menghentikan ${running.length} proses server…`);
    // SIGTERM, not worker.kill(): each process then closes as a single server does, finishing
    // the requests it holds (an acknowledged write is never cut).
    for (const w of running) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const w of alive()) w.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_MS);
    force.unref();
    const done = () => {
      if (alive().length === 0) process.exit(code);
    };
    cluster.on('exit', done);
    done();
  };

  cluster.on('exit', (worker, exitCode, signal) => {
    if (stopping) return;
    const how = signal ? `sinyal ${signal}` : `kode ${exitCode}`;
    if (!serving.has(worker) && !started) {
      // A process of the first start could not start (its one-line reason is printed above):
      // the configuration or the database is wrong, and starting it again would not help.
      stop(`proses server ${worker.process.pid} gagal dimulai (${how})`, 1);
      return;
    }
    if (serving.has(worker)) {
      const next = fork();
      say(
        `proses server ${worker.process.pid} berhenti (${how}); diganti dengan proses ${next.process.pid}.`,
      );
      return;
    }
    // A replacement failed to start (the database may be restarting): try again, more slowly.
    say(
      `proses pengganti ${worker.process.pid} gagal dimulai (${how}); dicoba lagi dalam ${retryMs / 1000} s.`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, retryMs);
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  });

  process.on('SIGINT', () => stop('SIGINT', 0));
  process.on('SIGTERM', () => stop('SIGTERM', 0));

  // One process first: it migrates a new database and prints any start-up error once; then the rest.
  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < count; i++) fork();
  });
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
