import { type ChildProcess, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { trustingBrowserHome, VENUE_HOST } from '../../support/caddy';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { PENGUJI } from '../../support/examiners';
import { freePort, ROOT } from '../../support/server';
import { shot } from '../../support/shots';

// The venue in one command (docs/decisions/134): `npm run venue -- NAMA` as a volunteer runs it,
// here `node apps/server/dist/launcher.js ujian.test --demo` (what the npm script runs after the build, with the demo to sign in with). It
// starts the app and the real Caddy with deploy/Caddyfile; a phone (Chromium that has installed the
// root printed by the launcher, ujian.test mapped to this machine) signs in with the code the
// launcher shows on its own line; Ctrl+C (SIGINT) stops both and leaves nothing listening.
// It runs from an app folder as a Windows user's would be, "…/Budi Santoso/Dokumen Ujián/ukt-penguji"
// (the build copied there, node_modules linked), with the data folder inside it by default
// (docs/decisions/152).

test.describe.configure({ timeout: 180_000 });

/** The launcher's output so far, and a wait for a line matching `pattern`. */
function output(child: ChildProcess) {
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    text += String(chunk);
  });
  return {
    text: () => text,
    async line(pattern: RegExp, timeoutMs = 90_000): Promise<RegExpExecArray> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(text);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`the launcher ended (${child.exitCode}):\n${text}`);
        if (Date.now() > deadline) throw new Error(`no line ${pattern} within ${timeoutMs} ms:\n${text}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/**
 * The built app copied under `dir` into a folder whose path holds spaces and a non-ASCII letter, as
 * it sits on a laptop of a user named "Budi Santoso": the dist folders, package.json files and
 * deploy/; node_modules linked to this repository's. Answers the copy's folder.
 */
function spacedAppFolder(dir: string): string {
  const app = join(dir, 'Budi Santoso', 'Dokumen Ujián', 'ukt-penguji');
  for (const part of ['apps/server/dist', 'apps/web/dist', 'deploy'])
    cpSync(join(ROOT, part), join(app, part), { recursive: true });
  for (const file of ['package.json', 'apps/server/package.json'])
    copyFileSync(join(ROOT, file), join(app, file));
  for (const modules of ['node_modules', 'apps/server/node_modules'])
    symlinkSync(join(ROOT, modules), join(app, modules));
  mkdirSync(join(app, 'apps/server/data'), { recursive: true });
  return app;
}

/** The command line of a running process. */
const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

/** An address of this machine that is not loopback, as a phone on the WiFi would use. */
function lanAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  if (!found) throw new Error('this machine has no non-loopback IPv4 address');
  return found.address;
}

/** Whether something accepts connections on `port` of `host`. */
const listening = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

test('npm run venue: one command starts the app behind Caddy, a phone signs in with the code it shows, Ctrl+C stops both', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-venue-'));
  const [appPort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
  const app = spacedAppFolder(dir);
  // Its own data folder (apps/server/data), database and ukt.env: the defaults, inside the app's folder.
  const data = join(app, 'apps/server/data');
  const launcher = spawn(
    process.execPath,
    [join(app, 'apps/server/dist/launcher.js'), VENUE_HOST, '--demo'],
    {
      cwd: join(app, 'apps/server'),
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        PORT: String(appPort),
        UKT_HTTP_PORT: String(httpPort),
        UKT_HTTPS_PORT: String(httpsPort),
        UKT_BIND: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out = output(launcher);
  try {
    await out.line(/Tekan Ctrl\+C/);
    const origin = `https://${VENUE_HOST}:${httpsPort}`;
    expect(out.text()).toContain(`Di laptop ini dan di HP:  ${origin}`);
    expect(out.text()).toContain(`buka http://${VENUE_HOST}:${httpPort} (halaman pasang sertifikat)`);
    const fingerprint = (await out.line(/Sidik jari SHA-256: ([0-9A-F:]{95})/))[1];
    expect(out.text()).toContain(`Cadangan otomatis tiap 30 menit ke: ${join(data, 'cadangan')}`);
    // What runs really lives at the spaced path: the launcher, the app and Caddy with the copy's Caddyfile.
    const lock = JSON.parse(readFileSync(join(data, 'peluncur-berjalan.json'), 'utf8'));
    expect(commandLine(lock.pid)).toContain(join(app, 'apps/server/dist/launcher.js'));
    expect(commandLine(lock.appPid)).toContain(join(app, 'apps/server/dist/server.js'));
    expect(commandLine(lock.caddyPid)).toContain(join(app, 'deploy/Caddyfile'));
    // No JSON log line in the window.
    expect(out.text()).not.toMatch(/^\{/m);
    // The name and address are remembered for the next start and for `npm run ukt` in another window.
    const settings = readFileSync(join(app, 'ukt.env'), 'utf8');
    expect(settings).toContain(`UKT_HOST=${VENUE_HOST}\n`);
    expect(settings).toContain(`PUBLIC_URL=${origin}\n`);

    // The phone installs the root the launcher named (Caddy's, in the app's data folder).
    const root = join(data, 'caddy/pki/authorities/local/root.crt');
    const home = trustingBrowserHome(join(dir, 'browser-home'), root);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${VENUE_HOST} 127.0.0.1`],
      env: { ...process.env, HOME: home },
    });
    try {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 }, locale: 'id-ID' });
      await page.goto(`${origin}/login`);
      await page.getByLabel('Nomor WhatsApp').fill(PENGUJI.noWa.replace(/^62/, ''));
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/otp$/i);
      const code = (await out.line(/Kode login untuk \+62 811-0000-0002: (\d{4})/))[1] as string;
      await page.keyboard.press('Escape');
      await page.getByLabel('Digit 1').click();
      await page.keyboard.type(code);
      await page.getByRole('button', { name: 'Verifikasi & Lanjutkan' }).click();
      await expect(page).toHaveURL(/\/event$/i);
      await shot(page, 'venue-launcher-event-360');
      // The certificate the phone trusts is the one whose fingerprint the launcher printed.
      expect(fingerprint).toBe(new X509Certificate(readFileSync(root)).fingerprint256);
    } finally {
      await browser.close();
    }

    // What a phone without the certificate, or at the wrong address, really shows (the guide's
    // troubleshooting names these): Chromium's own error codes.
    const stranger = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${VENUE_HOST} 127.0.0.1`],
      env: { ...process.env, HOME: join(dir, 'stranger-home') },
    });
    try {
      // A fresh tab each time: an error page must not interrupt the next navigation.
      const errorOf = async (url: string) => {
        const tab = await stranger.newPage();
        try {
          return await tab.goto(url).then(
            () => 'loaded',
            (error: Error) => /net::(ERR_[A-Z_]+)/.exec(error.message)?.[1] ?? error.message,
          );
        } finally {
          await tab.close();
        }
      };
      expect(await errorOf(origin)).toBe('ERR_CERT_AUTHORITY_INVALID');
      expect(await errorOf(`https://127.0.0.1:${httpsPort}/`)).toBe('ERR_SSL_PROTOCOL_ERROR');
      expect(await errorOf(`http://${lanAddress()}:${appPort}/`)).toBe('ERR_CONNECTION_REFUSED');
      // Plain http on the name is not an error: the certificate's page.
      const page = await stranger.newPage();
      await page.goto(`http://${VENUE_HOST}:${httpPort}/`);
      await expect(
        page.getByRole('heading', { name: 'Pasang sertifikat UKT Penguji', level: 1 }),
      ).toBeVisible();
    } finally {
      await stranger.close();
    }

    // Ctrl+C: both stop, nothing left listening, the window says the scores are kept.
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out.text()).toContain('UKT Penguji berhenti. Semua nilai yang diterima sudah tersimpan.');
    for (const port of [appPort, httpPort, httpsPort]) expect(await listening('127.0.0.1', port)).toBe(false);
    for (const pid of [lock.appPid, lock.caddyPid]) expect(() => process.kill(pid, 0)).toThrow();
  } finally {
    if (launcher.exitCode === null) launcher.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
