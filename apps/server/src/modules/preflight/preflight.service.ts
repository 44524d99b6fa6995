import { resolve } from 'node:path';
import type { Config } from '../../config/env';
import type { LauncherEnv } from '../../config/launcher-env';
import { badRequest } from '../../lib/errors';
import { appFolder } from './caddy-check';
import { certificateFiles } from './certificate-check';
import { type Check, localDay } from './check';
import { lastEventDayOf } from './event-days';
import { runningLauncher } from './launcher-lock';
import { nameOf, runChecks } from './preflight';
import { type Probes, realProbes } from './probes';
import { checkSharedDatabase } from './shared-database-check';
import { checkSharedMedia } from './shared-media-check';

// The pre-flight check with the app's settings: `ukt periksa [NAMA]`, and the launcher before it starts.

/** What the command line adds to the settings: the name and a domain certificate's files. */
export interface PreflightOptions {
  /** As typed; empty for PUBLIC_URL's host. */
  name: string;
  certificate: string | undefined;
  key: string | undefined;
  /** Asked by the launcher before it starts its own Caddy (docs/decisions/152). */
  launcher?: boolean;
}

/** The name a check is about: as typed, else PUBLIC_URL's host. */
function nameFrom(typed: string, publicUrl: string): string {
  try {
    return nameOf(typed || publicUrl);
  } catch {
    throw badRequest(`"${typed}" bukan nama: tulis namanya saja, misalnya ukt.lan.`);
  }
}

/** Runs every check for this laptop's settings, answering the name checked and the checks; file names are relative to where the command was typed. */
export async function runPreflight(
  config: Config,
  launcher: LauncherEnv,
  options: PreflightOptions,
  probes: Probes = realProbes,
): Promise<{ name: string; checks: Check[] }> {
  const certificate = certificateFiles(config.invocationDir, options.certificate, options.key);
  const name = nameFrom(options.name, config.publicUrl);
  const checks = await runChecks(
    {
      name,
      httpPort: launcher.httpPort,
      httpsPort: launcher.httpsPort,
      caddy: { program: launcher.caddy, beside: appFolder(), pathVariable: launcher.pathVariable },
      certificate,
      lastEventDay: certificate ? await lastEventDayOf(config, localDay(probes.now())) : undefined,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      backupDir: config.backup.dir,
      sqliteFile: config.databaseUrl.startsWith('sqlite:')
        ? resolve(config.databaseUrl.slice('sqlite:'.length))
        : undefined,
      minFreeDiskBytes: config.minFreeDiskBytes,
      launcher: options.launcher,
      running: runningLauncher(config.dataDir),
    },
    probes,
  );
  // A machine joining others on PostgreSQL: their key, their clock, their media store (docs/decisions/165).
  checks.push(
    ...(await checkSharedDatabase(
      config,
      () => probes.now().getTime(),
      (db) => [checkSharedMedia(db)],
    )),
  );
  return { name, checks: options.launcher ? checks.map(asLauncherSees) : checks };
}

/** A failure the launcher starts anyway (a name the router does not know yet) becomes a warning that says so. */
function asLauncherSees(check: Check): Check {
  if (check.ok !== false || !check.launcherStarts) return check;
  return {
    ...check,
    ok: 'warn',
    saran: `${check.saran ?? ''}\nAplikasi tetap dimulai dan bisa disiapkan di laptop ini; HP baru dapat membukanya setelah nama itu menunjuk ke laptop ini.`,
  };
}

const SYMBOL = { true: '✓', warn: '!', false: '✗' } as const;

/** The report as printed: one line per check, its advice indented under it, and a summary. */
export function describeChecks(checks: Check[], name: string): string[] {
  const lines = checks.flatMap((c) => [
    `${SYMBOL[String(c.ok) as keyof typeof SYMBOL]} ${c.judul}: ${c.pesan}`,
    ...(c.saran ? c.saran.split('\n').map((l) => `    ${l}`) : []),
  ]);
  const count = (ok: Check['ok']) => checks.filter((c) => c.ok === ok).length;
  const [good, warn, bad] = [count(true), count('warn'), count(false)];
  const verdict = bad
    ? `Perbaiki yang bertanda ✗, lalu jalankan lagi: npm run ukt -- periksa ${name}`
    : warn
      ? 'Boleh mulai; baca dulu peringatan (!) di atas.'
      : 'Laptop siap.';
  return [...lines, `Hasil: ${good} baik, ${warn} peringatan, ${bad} gagal. ${verdict}`];
}
