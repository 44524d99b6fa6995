import { fileURLToPath } from 'node:url';
import { API } from '@ukt/core';
import type { Config } from '../config/env';
import type { HeldLock } from '../modules/preflight/launcher-lock';
import { caddyProblem, waitForCaddy } from './caddy-start';
import type { LaunchPlan } from './plan';
import { appLogLine, type Child, startChild, waitForAnswer } from './processes';
import { startWatchdog } from './watchdog';

// The launcher's last steps (docs/decisions/134, 152, 171): the app, then Caddy in front of it, each
// until it answers, and both stopped together whatever ends first.

/** The app and Caddy, started and stopped together. */
export interface Together {
  /** Starts `child` under the watchdog, which stops it after `graceMs` should the launcher die. */
  add(child: Child, graceMs: number, pid: 'appPid' | 'caddyPid'): void;
  /** When `child` ends by itself, says why and stops the other. */
  watch(child: Child, says: (tail: string) => string | Promise<string>): void;
  stopAll(code: number): Promise<void>;
  /** Also done on stopping (the login codes stop being followed). */
  onStop(stop: () => void): void;
}

/**
 * Step 8: Caddy and the app never outlive this launcher: it stops them on every signal a window or a
 * terminal sends, and the watchdog (`entry`: the launcher's own file, run again) does when the
 * launcher is killed outright (docs/decisions/152).
 */
export function stopTogether(config: Config, lock: HeldLock, entry: string): Together {
  const watchdog = startWatchdog(process.execPath, [...process.execArgv, entry], config.dataDir);
  const children: Child[] = [];
  const onStop: (() => void)[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const stop of onStop) stop();
    // Caddy first, so no phone reaches an app that is going away; the app then finishes what it holds.
    for (const child of [...children].reverse()) await child.stop(child.name === 'app' ? 15_000 : 3_000);
    lock.release();
    await watchdog.done();
    console.log(
      code === 0
        ? 'UKT Penguji berhenti. Semua nilai yang diterima sudah tersimpan.'
        : 'UKT Penguji berhenti.',
    );
    process.exit(code);
  };
  // A closed terminal or window cannot be written to any more: stopping must not fail on that.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  // SIGHUP: the terminal closed, or on Windows the console window; SIGBREAK: Ctrl+Break on Windows.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const)
    process.on(signal, () => void stopAll(0));
  // `npm run venue` starts this through npm and a shell. When one of them ends without passing a
  // signal on (killed outright), the window shows its prompt again as if all had stopped, and the
  // terminal's hang-up no longer reaches this process: it stops with what started it.
  const startedBy = process.ppid;
  setInterval(() => {
    if (process.ppid !== startedBy) void stopAll(0);
  }, 1_000).unref();
  return {
    add(child, graceMs, pid) {
      children.push(child);
      if (child.process.pid) {
        watchdog.watch(child.process.pid, graceMs);
        lock.update({ [pid]: child.process.pid });
      }
    },
    watch(child, says) {
      void child.exited.then(async () => {
        if (stopping) return;
        console.error(await says(child.tail()));
        void stopAll(1);
      });
    },
    stopAll,
    onStop: (stop) => onStop.push(stop),
  };
}

/** Step 9: the app, from the same build as this launcher (dist/ or src/ through tsx), until it answers. */
export async function startApp(config: Config, plan: LaunchPlan, together: Together): Promise<Child | null> {
  const serverEntry = fileURLToPath(
    new URL(import.meta.url.endsWith('.ts') ? '../server.ts' : './server.js', import.meta.url),
  );
  const app = startChild(
    'app',
    process.execPath,
    [...process.execArgv, serverEntry],
    { ...process.env, ...plan.appEnv },
    plan.appLog,
    (line) => {
      const shown = appLogLine(line);
      if (shown) console.log(shown);
    },
  );
  together.add(app, 15_000, 'appPid');
  const appReady = await waitForAnswer(`http://127.0.0.1:${config.port}${API.health.href()}`, app, 60_000);
  if (appReady !== 'siap') {
    console.error(
      appReady === 'berhenti'
        ? `Aplikasi gagal dimulai:\n${app.tail()}`
        : `Aplikasi belum menjawab setelah 60 detik. Lihat log-nya: ${plan.appLog}`,
    );
    await together.stopAll(1);
    return null;
  }
  together.watch(app, (tail) => `Aplikasi berhenti sendiri:\n${tail}\nLihat log-nya: ${plan.appLog}`);
  return app;
}

/** Step 10: Caddy in front of the app, until it answers for `nama`. */
export async function startCaddy(
  nama: string,
  caddy: string,
  plan: LaunchPlan,
  together: Together,
): Promise<boolean> {
  const { PATH, SystemRoot } = process.env;
  const caddyChild = startChild(
    'caddy',
    caddy,
    plan.caddyArgs,
    { PATH: PATH ?? '', ...(SystemRoot ? { SystemRoot } : {}), ...plan.caddyEnv },
    plan.caddyLog,
  );
  together.add(caddyChild, 3_000, 'caddyPid');
  const httpPort = Number(plan.caddyEnv.UKT_HTTP_PORT);
  const httpsPort = Number(plan.caddyEnv.UKT_HTTPS_PORT);
  const address = plan.caddyEnv.UKT_BIND ?? '127.0.0.1';
  if (!(await waitForCaddy(caddyChild, nama, address, httpPort, 30_000))) {
    await Promise.race([caddyChild.exited, new Promise((r) => setTimeout(r, 500))]);
    console.error(await caddyProblem(caddyChild.tail(), httpPort, httpsPort));
    await together.stopAll(1);
    return false;
  }
  together.watch(caddyChild, (tail) => caddyProblem(tail, httpPort, httpsPort));
  return true;
}
