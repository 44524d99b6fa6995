import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API } from '@ukt/core';
import { ConfigError, loadConfig } from './config/env';
import { changeSettings, createNamedSettingsFile } from './config/settings-edit';
import { applySettingsFile, settingsPlace } from './config/settings-file';
import { loadVenueEnv } from './config/venue-env';
import { appFolder, locateCaddy } from './modules/venue/caddy-check';
import { describeChecks, periksaVenue } from './modules/venue/periksa.service';
import { namaProblem, venuePlan } from './modules/venue/venue-plan';
import {
  appLogLine,
  type Child,
  followLoginCodes,
  rootOf,
  startChild,
  waitForAnswer,
} from './modules/venue/venue-processes';

// Entry point of `npm run venue -- NAMA` (docs/decisions/134): the app on 127.0.0.1 and Caddy in
// front of it for NAMA, started and stopped together, with what to open said in Indonesian.

const USAGE = [
  'Pakai: npm run venue -- NAMA [--sertifikat BERKAS --kunci BERKAS] [--caddy PROGRAM]',
  '  NAMA         nama alamat yang dibuka HP, misalnya ukt.lan (diatur di router WiFi)',
  '  --sertifikat sertifikat domain yang sudah dibeli, dengan --kunci kuncinya (tanpa ini: sertifikat Caddy sendiri)',
  '  --caddy      program Caddy bila tidak ada di PATH atau di folder aplikasi',
].join('\n');

/** The app's folder (the repository root), where deploy/Caddyfile and a downloaded Caddy sit. */
const ROOT = appFolder() ?? fileURLToPath(new URL('../../../', import.meta.url));

/** Stops with `message` (and the usage when asked), leaving nothing running. */
function fail(message: string, usage = false): never {
  console.error(message);
  if (usage) console.error(`\n${USAGE}`);
  process.exit(2);
}

/** Whether Caddy's plain-http site for `nama` answers on `port` of this laptop. */
function caddyAnswers(nama: string, address: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const req = request(
      { host: address, port, path: '/ukt-ca.crt', headers: { host: nama }, timeout: 2_000 },
      (res) => {
        res.resume();
        done(true);
      },
    );
    req.once('error', () => done(false));
    req.once('close', () => done(false));
    req.once('timeout', () => {
      done(false);
      req.destroy();
    });
    req.end();
  });
}

/** Caddy's failure in words a volunteer can act on, from the end of its log. */
function caddyProblem(tail: string, httpPort: number, httpsPort: number): string {
  if (/address already in use/i.test(tail))
    return `Port ${httpPort} atau ${httpsPort} sudah dipakai program lain. Jalankan "npm run ukt -- periksa" untuk melihat program mana, hentikan, lalu coba lagi.`;
  if (/permission denied|bind: access/i.test(tail))
    return `Caddy tidak boleh memakai port ${httpPort} dan ${httpsPort}: jalankan sebagai administrator (Windows) atau dengan sudo (Linux, macOS).`;
  if (/ENOENT|executable file not found|not found/i.test(tail))
    return 'Program Caddy tidak ditemukan. Pasang Caddy (docs/pasang-venue.md, langkah 1) atau sebutkan letaknya dengan --caddy.';
  return 'Caddy berhenti. Lihat log-nya di folder data (log/caddy.log).';
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
  for (const file of files ? [files.cert, files.key] : []) {
    if (!existsSync(file)) fail(`Berkas ${file} tidak ada. Periksa nama dan foldernya.`);
    if (/\s/.test(file))
      fail(
        `Letak berkas ${file} mengandung spasi, yang tidak dapat dibaca Caddy. Pindahkan ke folder tanpa spasi.`,
      );
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

  // The pre-flight check (docs/decisions/131) with the settings the app is about to get.
  console.log(`Memeriksa laptop untuk ${nama}…`);
  const planned = loadConfig({ ...env, ...plan.appEnv });
  const { checks } = await periksaVenue(
    planned,
    { ...venue, caddy: named },
    {
      name: nama,
      certificate: sertifikat,
      key: kunci,
    },
  );
  console.log(describeChecks(checks, nama).slice(0, -1).join('\n'));
  // A name that does not lead here yet is said, not a reason to wait: the router may be set later.
  const blocking = checks.filter((c) => c.ok === false && c.id !== 'nama');
  if (blocking.length > 0) {
    console.error(`\nPerbaiki yang bertanda ✗, lalu jalankan lagi: npm run venue -- ${nama}`);
    process.exit(1);
  }
  if (checks.some((c) => c.id === 'nama' && c.ok === false))
    console.log(`Aplikasi tetap dimulai; HP dapat membukanya setelah ${nama} mengarah ke laptop ini.`);
  const caddy = locateCaddy(place) ?? 'caddy';
  // Remembered in ukt.env, so the next start needs no name and `npm run ukt -- link …`, `periksa` and
  // the rest in another window use the same address (docs/decisions/130, 134).
  try {
    changeSettings([
      `UKT_HOST=${nama}`,
      `PUBLIC_URL=${plan.alamatAplikasi}`,
      ...(files ? ['CA_CERT_URL=none'] : []),
    ]);
    console.log(`Nama dan alamat disimpan di ${settingsPlace().file ?? 'ukt.env'}.`);
  } catch (error) {
    console.error(
      `Peringatan: nama dan alamat tidak dapat disimpan di ukt.env (${error instanceof Error ? error.message : error}); perintah "npm run ukt" di jendela lain perlu PUBLIC_URL=${plan.alamatAplikasi}.`,
    );
  }

  console.log(`Memulai UKT Penguji untuk ${nama}…`);
  const children: Child[] = [];
  let stopping = false;
  let stopCodes = () => {};
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    stopCodes();
    // Caddy first, so no phone reaches an app that is going away; the app then finishes what it holds.
    for (const child of [...children].reverse()) await child.stop(child.name === 'app' ? 15_000 : 3_000);
    console.log(
      code === 0
        ? 'UKT Penguji berhenti. Semua nilai yang diterima sudah tersimpan.'
        : 'UKT Penguji berhenti.',
    );
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  const watch = (child: Child, says: (tail: string) => string) => {
    void child.exited.then(() => {
      if (stopping) return;
      console.error(says(child.tail()));
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
  const httpPort = Number(plan.caddyEnv.UKT_HTTP_PORT);
  const address = plan.caddyEnv.UKT_BIND ?? '127.0.0.1';
  const deadline = Date.now() + 30_000;
  let up = false;
  while (
    !up &&
    Date.now() < deadline &&
    caddyChild.process.exitCode === null &&
    caddyChild.process.signalCode === null
  ) {
    up = await caddyAnswers(nama, address, httpPort);
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) {
    await new Promise((r) => setTimeout(r, 100));
    console.error(caddyProblem(caddyChild.tail(), httpPort, Number(plan.caddyEnv.UKT_HTTPS_PORT)));
    await stopAll(1);
    return;
  }
  watch(caddyChild, (tail) => caddyProblem(tail, httpPort, Number(plan.caddyEnv.UKT_HTTPS_PORT)));

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
      },
    });
  } catch (error) {
    throw new Error(`Pilihan tidak dikenal: ${error instanceof Error ? error.message : error}`);
  }
}

main().catch((error: unknown) => {
  console.error('Peluncur UKT Penguji gagal:', error);
  process.exit(1);
});
