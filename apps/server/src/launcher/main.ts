import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, loadConfig } from '../config/env';
import { type LauncherEnv, loadLauncherEnv } from '../config/launcher-env';
import { changeSettings, createNamedSettingsFile } from '../config/settings-edit';
import { applySettingsFile, ownEnvironment, settingsPlace } from '../config/settings-file';
import { readCommandLine, valueFlagsOf } from '../lib/command-line';
import { AppError } from '../lib/errors';
import { appFolder, locateCaddy } from '../modules/preflight/caddy-check';
import { type CertificateFiles, certificateFiles } from '../modules/preflight/certificate-check';
import { alreadyRunning, claimLauncherLock, runningLauncher } from '../modules/preflight/launcher-lock';
import { describeChecks, runPreflight } from '../modules/preflight/preflight.service';
import {
  adoptEarlierCa,
  type EarlierCa,
  earlierBackupFolder,
  earlierCaLines,
  earlierCaPlaces,
  findEarlierCa,
} from './earlier-setup';
import { firstStart } from './first-start';
import { type LaunchPlan, launchPlan, namaProblem } from './plan';
import { followLoginCodes, rootOf } from './processes';
import { startApp, startCaddy, stopTogether } from './together';
import { runWatchdog, WATCHDOG_VARIABLE } from './watchdog';

// Entry point of `npm run venue -- NAMA` (docs/decisions/134, 171): the app on 127.0.0.1 and Caddy in
// front of it for NAMA, started and stopped together, with what to open said in Indonesian. main()
// runs the steps below in order; each says what it does and stops the launcher when it must.

/** What the launcher takes, written as the `ukt` commands write theirs (cli/command.ts). */
const FLAGS =
  '[NAMA] [--sertifikat FILE --kunci FILE] [--caddy PROGRAM] [--organisasi NAMA --admin NO_WA | --demo]';
/** The launcher's flags that stand alone. */
const SWITCHES = ['demo'];

const USAGE = [
  'Pakai: npm run venue -- NAMA [--sertifikat BERKAS --kunci BERKAS] [--caddy PROGRAM] [--organisasi NAMA --admin NO_WA | --demo]',
  '  NAMA         nama alamat yang dibuka HP, misalnya ukt.lan (diatur di router WiFi)',
  '  --sertifikat sertifikat domain yang sudah dibeli, dengan --kunci kuncinya (tanpa ini: sertifikat Caddy sendiri)',
  '  --caddy      program Caddy bila tidak ada di PATH atau di folder aplikasi',
  '  --organisasi nama organisasi, dengan --admin nomor WhatsApp admin panitia (boleh beberapa), pada awal pertama',
  '  --demo       mencoba dengan data demo (database baru saja); hapus sesudahnya: npm run ukt -- demo hapus',
].join('\n');

/** The app's folder (the repository root), where deploy/Caddyfile and a downloaded Caddy sit. */
const ROOT =
  appFolder() ??
  fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../../' : '../../../', import.meta.url));

/** Stops with `message` (and the usage when asked), leaving nothing running. */
function fail(message: string, usage = false, code = 2): never {
  console.error(message);
  if (usage) console.error(`\n${USAGE}`);
  process.exit(code);
}

/** The message of a refusal the launcher stops on. */
const messageOf = (error: unknown) =>
  error instanceof ConfigError || error instanceof AppError ? error.message : String(error);

/** What was typed after `npm run venue --`. */
interface Typed {
  nama: string | undefined;
  sertifikat: string | undefined;
  kunci: string | undefined;
  caddy: string | undefined;
  organisasi: string | undefined;
  admin: string[];
  demo: boolean;
}

/** Step 1: the arguments, read as the `ukt` command reads its own; an unknown option stops with the usage. */
function readArguments(argv: string[]): Typed {
  try {
    const line = readCommandLine(argv, { values: valueFlagsOf(FLAGS), switches: SWITCHES, strict: true });
    return {
      nama: line.positionals[0],
      sertifikat: line.flag('sertifikat'),
      kunci: line.flag('kunci'),
      caddy: line.flag('caddy'),
      organisasi: line.flag('organisasi'),
      admin: line.flags('admin'),
      demo: line.has('demo'),
    };
  } catch (error) {
    fail(`Pilihan tidak dikenal: ${error instanceof Error ? error.message : error}`, true);
  }
}

/** Step 2: the settings: ukt.env (made when UKT_ENV_FILE names one not there yet), the app's and the launcher's own. */
function readSettings(): { config: Config; launcher: LauncherEnv } {
  try {
    createNamedSettingsFile();
    applySettingsFile();
    return { config: loadConfig(), launcher: loadLauncherEnv() };
  } catch (error) {
    fail(messageOf(error));
  }
}

/** Step 3: the name phones open: as typed, else the one remembered, else asked in a double-clicked window. */
async function nameToServe(typed: string | undefined, remembered: string | undefined): Promise<string> {
  let name = typed ?? remembered;
  // Double-clicked (mulai-ukt.cmd) with no name remembered yet: ask in the window.
  if (!name && process.stdin.isTTY) name = await ask('Nama alamat aplikasi (misalnya ukt.lan): ');
  const nama = (name ?? '').trim().toLowerCase();
  const problem = namaProblem(nama);
  if (problem) fail(problem, true);
  return nama;
}

/** Step 4: a domain certificate and its key when given, both there. */
function certificateToUse(config: Config, typed: Typed): CertificateFiles | undefined {
  let files: CertificateFiles | undefined;
  try {
    files = certificateFiles(config.invocationDir, typed.sertifikat, typed.kunci);
  } catch (error) {
    fail(messageOf(error));
  }
  // A path with spaces is fine: the plan quotes it for Caddy (docs/decisions/152).
  for (const file of files ? [files.cert, files.key] : []) {
    if (!existsSync(file)) fail(`Berkas ${file} tidak ada. Periksa nama dan foldernya.`);
  }
  return files;
}

/**
 * Step 5: the pre-flight check (docs/decisions/131) with the settings the app is about to get, and the
 * CA a laptop set up with the earlier guide made. A ✗ stops here, before anything starts; a name the
 * router does not know yet is a ! (the guide says so).
 */
async function checkBeforeStart(
  nama: string,
  planned: Config,
  launcher: LauncherEnv,
  typed: Typed,
  plan: LaunchPlan,
  files: CertificateFiles | undefined,
): Promise<EarlierCa> {
  console.log(`Memeriksa laptop untuk ${nama}…`);
  const { checks } = await runPreflight(planned, launcher, {
    name: nama,
    certificate: typed.sertifikat,
    key: typed.kunci,
    launcher: true,
  });
  console.log(describeChecks(checks, nama).slice(0, -1).join('\n'));
  // Phones trust the earlier CA, so it is kept.
  const caddyData = plan.caddyData;
  const earlier = files
    ? ({ kind: 'none' } as const)
    : await findEarlierCa(
        caddyData,
        earlierCaPlaces(caddyData, launcher.earlierCaddyData, homedir(), process.platform),
      );
  const earlierFails = earlier.kind === 'unreadable' || earlier.kind === 'broken';
  if (earlierFails) console.log(earlierCaLines(earlier, caddyData));
  if (checks.some((c) => c.ok === false) || earlierFails) {
    console.error(`\nPerbaiki yang bertanda ✗, lalu jalankan lagi: npm run venue -- ${nama}`);
    process.exit(1);
  }
  return earlier;
}

/**
 * Step 7: remembered in ukt.env, so the next start needs no name and `npm run ukt -- link …`, `periksa`
 * and the rest in another window use the same address (docs/decisions/130, 134); a BACKUP_DIR typed in
 * this window too, so the next start does not quietly go back to the data folder's (152).
 */
function rememberSettings(
  nama: string,
  config: Config,
  plan: LaunchPlan,
  files: CertificateFiles | undefined,
): void {
  const typedBackup = ownEnvironment(process.env).BACKUP_DIR ? config.backup.dir : undefined;
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
}

/** What to open, said once both answer. */
function whereToOpen(plan: LaunchPlan, root: { nama: string; sidikJari: string } | null): string {
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
  if (plan.loginCodeFile) {
    lines.push(
      'Belum ada gateway WhatsApp: setiap kode login tampil di sini (atau pakai kartu login / tautan login).',
      '',
    );
  }
  lines.push('Tekan Ctrl+C untuk menghentikan aplikasi dan Caddy.', '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const typed = readArguments(process.argv.slice(2));
  const { config, launcher } = readSettings();
  const nama = await nameToServe(typed.nama, launcher.host);
  const files = certificateToUse(config, typed);
  const plan = launchPlan({
    nama,
    sertifikat: files,
    httpPort: launcher.httpPort,
    httpsPort: launcher.httpsPort,
    bind: launcher.bind,
    appPort: config.port,
    dataDir: config.dataDir,
    backupDir: launcher.backupDirSet ? config.backup.dir : undefined,
    otpDelivery: config.otp.delivery,
    caddyfile: join(ROOT, 'deploy/Caddyfile'),
  });
  const caddyProgram = typed.caddy ? resolve(config.invocationDir, typed.caddy) : launcher.caddy;

  // Already running on this data folder (another window): said as such, not as a port taken by a
  // stranger (docs/decisions/152).
  const running = runningLauncher(config.dataDir);
  if (running) fail(alreadyRunning(running), false, 1);

  const planned = loadConfig({ ...process.env, ...plan.appEnv });
  const earlier = await checkBeforeStart(
    nama,
    planned,
    { ...launcher, caddy: caddyProgram },
    typed,
    plan,
    files,
  );

  // Step 6: the committee's own organisation, or the demo when asked, before anything starts (docs/decisions/154).
  const refused = await firstStart(
    planned,
    { organisasi: typed.organisasi, admin: typed.admin, demo: typed.demo },
    { say: (line) => console.log(line), ask: process.stdin.isTTY ? ask : undefined },
  );
  if (refused) fail(refused);
  const caddy =
    locateCaddy({
      program: caddyProgram,
      beside: ROOT,
      pathVariable: launcher.pathVariable,
      platform: process.platform,
    }) ?? 'caddy';
  const lock = claimLauncherLock(config.dataDir, {
    pid: process.pid,
    nama,
    alamat: plan.alamatAplikasi,
    httpPort: launcher.httpPort,
    httpsPort: launcher.httpsPort,
    appPort: config.port,
  });
  if ('running' in lock) fail(alreadyRunning(lock.running), false, 1);
  rememberSettings(nama, config, plan, files);
  if (earlier.kind === 'copy') console.log(await adoptEarlierCa(earlier.from, plan.caddyData));
  const oldBackups = launcher.backupDirSet ? null : earlierBackupFolder(homedir(), process.platform);
  if (oldBackups)
    console.log(
      `Cadangan dari cara lama ada di ${oldBackups}; cadangan kini ke ${plan.appEnv.BACKUP_DIR}. Untuk tetap memakai folder lama: npm run ukt -- atur "BACKUP_DIR=${oldBackups}"`,
    );

  console.log(`Memulai UKT Penguji untuk ${nama}…`);
  const together = stopTogether(config, lock, fileURLToPath(import.meta.url));
  const app = await startApp(config, plan, together);
  if (!app) return;
  const caddyStarted = await startCaddy(nama, caddy, plan, together);
  if (!caddyStarted) return;
  const root = plan.rootCrt ? await rootOf(plan.rootCrt, 15_000) : null;
  console.log(whereToOpen(plan, root));
  if (plan.loginCodeFile) together.onStop(followLoginCodes(plan.loginCodeFile, (line) => console.log(line)));
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

// The same file is the launcher's watchdog when started by it (launcher/watchdog.ts).
const watchdogSetting = process.env[WATCHDOG_VARIABLE];
if (watchdogSetting) {
  runWatchdog(watchdogSetting);
} else {
  main().catch((error: unknown) => {
    console.error('Peluncur UKT Penguji gagal:', error);
    process.exit(1);
  });
}
