import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API } from '@ukt/core';
import { ConfigError, loadConfig } from './config/env';
import { changeSettings, createNamedSettingsFile } from './config/settings-edit';
import { applySettingsFile, ownEnvironment, settingsPlace } from './config/settings-file';
import { loadVenueEnv } from './config/venue-env';
import { appFolder, locateCaddy } from './modules/venue/caddy-check';
import { caddyProblem, waitForCaddy } from './modules/venue/caddy-start';
import {
  adoptEarlierCa,
  earlierBackupFolder,
  earlierCaLines,
  earlierCaPlaces,
  findEarlierCa,
} from './modules/venue/earlier-setup';
import { firstStart } from './modules/venue/first-start';
import { describeChecks, periksaVenue } from './modules/venue/periksa.service';
import { alreadyRunning, claimVenueLock, runningVenue } from './modules/venue/venue-lock';
import { namaProblem, venuePlan } from './modules/venue/venue-plan';
import {
  appLogLine,
  type Child,
  followLoginCodes,
  rootOf,
  startChild,
  waitForAnswer,
} from './modules/venue/venue-processes';
import { runWatchdog, startWatchdog, WATCHDOG_VARIABLE } from './modules/venue/watchdog';

// Entry point of `npm run venue -- NAMA` (docs/decisions/134): the app on 127.0.0.1 and Caddy in
// front of it for NAMA, started and stopped together, with what to open said in Indonesian.

const USAGE = [
  'Pakai: npm run venue -- NAMA [--sertifikat BERKAS --kunci BERKAS] [--caddy PROGRAM] [--organisasi NAMA --admin NO_WA | --demo]',
  '  NAMA         nama alamat yang dibuka HP, misalnya ukt.lan (diatur di router WiFi)',
  '  --sertifikat sertifikat domain yang sudah dibeli, dengan --kunci kuncinya (tanpa ini: sertifikat Caddy sendiri)',
  '  --caddy      program Caddy bila tidak ada di PATH atau di folder aplikasi',
  '  --organisasi nama organisasi, dengan --admin nomor WhatsApp admin panitia (boleh beberapa), pada awal pertama',
  '  --demo       mencoba dengan data demo (database baru saja); hapus sesudahnya: npm run ukt -- demo hapus',
].join('\n');

/** The app's folder (the repository root), where deploy/Caddyfile and a downloaded Caddy sit. */
const ROOT = appFolder() ?? fileURLToPath(new URL('../../../', import.meta.url));

/** Stops with `message` (and the usage when asked), leaving nothing running. */
function fail(message: string, usage = false, code = 2): never {
  console.error(message);
  if (usage) console.error(`\n${USAGE}`);
  process.exit(code);
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseVenueArgs>;
  try {
    args = parseVenueArgs(process.argv.slice(2));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : error}`, true);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    createNamedSettingsFile();
    applySettingsFile();
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const env = process.env;
  let typed = args.positionals[0] ?? env.UKT_HOST;
  // Double-clicked (mulai-ukt.cmd) with no name remembered yet: ask in the window.
  if (!typed && process.stdin.isTTY) typed = await ask('Nama alamat aplikasi (misalnya ukt.lan): ');
  const nama = (typed ?? '').trim().toLowerCase();
  const problem = namaProblem(nama);
  if (problem) fail(problem, true);
  const { sertifikat, kunci } = args.values;
  if (Boolean(sertifikat) !== Boolean(kunci))
    fail('--sertifikat dan --kunci dipakai bersama: berkas sertifikat dan berkas kuncinya.');
  const files =
    sertifikat && kunci
      ? { cert: resolve(config.invocationDir, sertifikat), key: resolve(config.invocationDir, kunci) }
      : undefined;
  // A path with spaces is fine: the plan quotes it for Caddy (docs/decisions/152).
  for (const file of files ? [files.cert, files.key] : []) {
    if (!existsSync(file)) fail(`Berkas ${file} tidak ada. Periksa nama dan foldernya.`);
  }
  let venue: ReturnType<typeof loadVenueEnv>;
  try {
    venue = loadVenueEnv();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const plan = venuePlan({
    nama,
    sertifikat: files,
    httpPort: venue.httpPort,
    httpsPort: venue.httpsPort,
    bind: env.UKT_BIND || undefined,
    appPort: config.port,
    dataDir: config.dataDir,
    backupDir: env.BACKUP_DIR ? config.backup.dir : undefined,
    otpDelivery: env.OTP_DELIVERY,
    caddyfile: join(ROOT, 'deploy/Caddyfile'),
  });
  const named = args.values.caddy ? resolve(config.invocationDir, args.values.caddy) : venue.caddy;
  const place = {
    program: named,
    beside: ROOT,
    pathVariable: venue.pathVariable,
    platform: process.platform,
  };

  // Already running on this data folder (another window): said as such, not as a port taken by a
  // stranger (docs/decisions/152).
  const running = runningVenue(config.dataDir);
  if (running) fail(alreadyRunning(running), false, 1);

  // The pre-flight check (docs/decisions/131) with the settings the app is about to get. A ✗ stops
  // here, before anything starts; a name the router does not know yet is a ! (the guide says so).
  console.log(`Memeriksa laptop untuk ${nama}…`);
  const planned = loadConfig({ ...env, ...plan.appEnv });
  const { checks } = await periksaVenue(
    planned,
    { ...venue, caddy: named },
    { name: nama, certificate: sertifikat, key: kunci, launcher: true },
  );
  console.log(describeChecks(checks, nama).slice(0, -1).join('\n'));
  // The CA a laptop set up with the earlier guide made: phones trust it, so it is kept.
  const caddyData = plan.caddyData;
  const earlier = files
    ? ({ kind: 'none' } as const)
    : await findEarlierCa(caddyData, earlierCaPlaces(caddyData, env, homedir(), process.platform));
  const earlierFails = earlier.kind === 'unreadable' || earlier.kind === 'broken';
  if (earlierFails) console.log(earlierCaLines(earlier, caddyData));
  if (checks.some((c) => c.ok === false) || earlierFails) {
    console.error(`\nPerbaiki yang bertanda ✗, lalu jalankan lagi: npm run venue -- ${nama}`);
    process.exit(1);
  }
  // The committee's own organisation, or the demo when asked, before anything starts (docs/decisions/154).
  const { organisasi, admin, demo } = args.values;
  const refused = await firstStart(
    planned,
    { organisasi, admin: admin ?? [], demo: demo === true },
    { say: (line) => console.log(line), ask: process.stdin.isTTY ? ask : undefined },
  );
  if (refused) fail(refused);
  const caddy = locateCaddy(place) ?? 'caddy';
  const lock = claimVenueLock(config.dataDir, {
    pid: process.pid,
    nama,
    alamat: plan.alamatAplikasi,
    httpPort: venue.httpPort,
    httpsPort: venue.httpsPort,
    appPort: config.port,
  });
  if ('running' in lock) fail(alreadyRunning(lock.running), false, 1);
  // Remembered in ukt.env, so the next start needs no name and `npm run ukt -- link …`, `periksa` and
  // the rest in another window use the same address (docs/decisions/130, 134); a BACKUP_DIR typed in
  // this window too, so the next start does not quietly go back to the data folder's (152).
  const typedBackup = ownEnvironment(env).BACKUP_DIR ? config.backup.dir : undefined;
  try {
    changeSettings([
      `UKT_HOST=${nama}`,
      `PUBLIC_URL=${plan.alamatAplikasi}`,
      ...(files ? ['CA_CERT_URL=none'] : []),
      ...(typedBackup ? [`BACKUP_DIR=${typedBackup}`] : []),
    ]);
    console.log(
      `${typedBackup ? 'Nama, alamat dan folder cadangan' : 'Nama dan alamat'} disimpan di ${settingsPlace().file ?? 'ukt.env'}.`,
    );
  } catch (error) {
    console.error(
      `Peringatan: nama dan alamat tidak dapat disimpan di ukt.env (${error instanceof Error ? error.message : error}); perintah "npm run ukt" di jendela lain perlu PUBLIC_URL=${plan.alamatAplikasi}.`,
    );
  }
  if (earlier.kind === 'copy') console.log(await adoptEarlierCa(earlier.from, caddyData));
  const oldBackups = env.BACKUP_DIR ? null : earlierBackupFolder(homedir(), process.platform);
  if (oldBackups)
    console.log(
      `Cadangan dari cara lama ada di ${oldBackups}; cadangan kini ke ${plan.appEnv.BACKUP_DIR}. Untuk tetap memakai folder lama: npm run ukt -- atur "BACKUP_DIR=${oldBackups}"`,
    );

  console.log(`Memulai UKT Penguji untuk ${nama}…`);
  // Caddy and the app never outlive this launcher: it stops them on every signal a window or a
  // terminal sends, and the watchdog does when the launcher is killed outright (docs/decisions/152).
  const watchdog = startWatchdog(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url)],
    config.dataDir,
  );
  const children: Child[] = [];
  let stopping = false;
  let stopCodes = () => {};
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    stopCodes();
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
  const watch = (child: Child, says: (tail: string) => string | Promise<string>) => {
    void child.exited.then(async () => {
      if (stopping) return;
      console.error(await says(child.tail()));
      void stopAll(1);
    });
  };

  // The app, from the same build as this launcher (dist/ or src/ through tsx).
  const serverEntry = fileURLToPath(
    new URL(import.meta.url.endsWith('.ts') ? './server.ts' : './server.js', import.meta.url),
  );
  const app = startChild(
    'app',
    process.execPath,
    [...process.execArgv, serverEntry],
    { ...env, ...plan.appEnv },
    plan.appLog,
    (line) => {
      const shown = appLogLine(line);
      if (shown) console.log(shown);
    },
  );
  children.push(app);
  if (app.process.pid) {
    watchdog.watch(app.process.pid, 15_000);
    lock.update({ appPid: app.process.pid });
  }
  const appReady = await waitForAnswer(`http://127.0.0.1:${config.port}${API.health.href()}`, app, 60_000);
  if (appReady !== 'siap') {
    console.error(
      appReady === 'berhenti'
        ? `Aplikasi gagal dimulai:\n${app.tail()}`
        : `Aplikasi belum menjawab setelah 60 detik. Lihat log-nya: ${plan.appLog}`,
    );
    await stopAll(1);
    return;
  }
  watch(app, (tail) => `Aplikasi berhenti sendiri:\n${tail}\nLihat log-nya: ${plan.appLog}`);

  const caddyChild = startChild(
    'caddy',
    caddy,
    plan.caddyArgs,
    { PATH: env.PATH ?? '', ...(env.SystemRoot ? { SystemRoot: env.SystemRoot } : {}), ...plan.caddyEnv },
    plan.caddyLog,
  );
  children.push(caddyChild);
  if (caddyChild.process.pid) {
    watchdog.watch(caddyChild.process.pid, 3_000);
    lock.update({ caddyPid: caddyChild.process.pid });
  }
  const httpPort = Number(plan.caddyEnv.UKT_HTTP_PORT);
  const httpsPort = Number(plan.caddyEnv.UKT_HTTPS_PORT);
  const address = plan.caddyEnv.UKT_BIND ?? '127.0.0.1';
  if (!(await waitForCaddy(caddyChild, nama, address, httpPort, 30_000))) {
    await Promise.race([caddyChild.exited, new Promise((r) => setTimeout(r, 500))]);
    console.error(await caddyProblem(caddyChild.tail(), httpPort, httpsPort));
    await stopAll(1);
    return;
  }
  watch(caddyChild, (tail) => caddyProblem(tail, httpPort, httpsPort));

  const root = plan.rootCrt ? await rootOf(plan.rootCrt, 15_000) : null;
  const lines = ['', 'UKT Penguji berjalan.', '', `  Di laptop ini dan di HP:  ${plan.alamatAplikasi}`];
  if (plan.rootCrt) {
    lines.push(
      `  HP yang belum memasang sertifikat: buka ${plan.alamatAwal} (halaman pasang sertifikat)`,
      `  Sertifikat: ${plan.alamatAwal}/ukt-ca.crt`,
      root
        ? `  Nama sertifikat: ${root.nama}`
        : '  Sertifikat belum dibuat Caddy; lihat log/caddy.log di folder data.',
      ...(root ? [`  Sidik jari SHA-256: ${root.sidikJari}`] : []),
    );
  }
  lines.push(`  Cadangan otomatis tiap 30 menit ke: ${plan.appEnv.BACKUP_DIR}`, `  Log: ${plan.appLog}`, '');
  if (plan.otpOutbox) {
    lines.push(
      'Belum ada gateway WhatsApp: setiap kode login tampil di sini (atau pakai kartu login / tautan login).',
      '',
    );
  }
  lines.push('Tekan Ctrl+C untuk menghentikan aplikasi dan Caddy.', '');
  console.log(lines.join('\n'));
  if (plan.otpOutbox) stopCodes = followLoginCodes(plan.otpOutbox, (line) => console.log(line));
}

/** One line typed in the window. */
async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/** The launcher's arguments; throws in Indonesian on an unknown option. */
function parseVenueArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        sertifikat: { type: 'string' },
        kunci: { type: 'string' },
        caddy: { type: 'string' },
        organisasi: { type: 'string' },
        admin: { type: 'string', multiple: true },
        demo: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new Error(`Pilihan tidak dikenal: ${error instanceof Error ? error.message : error}`);
  }
}

// The same file is the launcher's watchdog when started by it (modules/venue/watchdog.ts).
const watchdogSetting = process.env[WATCHDOG_VARIABLE];
if (watchdogSetting) {
  runWatchdog(watchdogSetting);
} else {
  main().catch((error: unknown) => {
    console.error('Peluncur UKT Penguji gagal:', error);
    process.exit(1);
  });
}
