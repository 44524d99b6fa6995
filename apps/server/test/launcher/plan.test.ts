import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchPlan, namaProblem } from '../../src/launcher/plan';
import { freePort, runToExit } from '../support/server-process';

// `npm run venue -- NAMA` (docs/decisions/134): what it derives from the name, and how it stops
// when something is wrong, with real processes. Its whole run, a phone signing in through Caddy,
// is the browser test e2e/tests/venue/venue-launcher.spec.ts.

const base = {
  nama: 'ukt.lan',
  httpPort: 80,
  httpsPort: 443,
  appPort: 3000,
  dataDir: '/srv/ukt/data',
  caddyfile: '/srv/ukt/deploy/Caddyfile',
};

describe('the venue plan', () => {
  it("Caddy's own CA on the standard ports: one https address, the certificate page on http, codes shown", () => {
    const plan = launchPlan(base);
    expect(plan.alamatAplikasi).toBe('https://ukt.lan');
    expect(plan.alamatAwal).toBe('http://ukt.lan');
    expect(plan.appEnv).toEqual({
      HOST: '127.0.0.1',
      PORT: '3000',
      PUBLIC_URL: 'https://ukt.lan',
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: '/srv/ukt/data',
      BACKUP_DIR: '/srv/ukt/data/cadangan',
      UKT_CADDY_DATA: '/srv/ukt/data/caddy',
      CA_CERT_URL: 'http://ukt.lan/ukt-ca.crt',
      OTP_DELIVERY: 'file',
      OTP_OUTBOX: '/srv/ukt/data/kode-login.jsonl',
    });
    expect(plan.caddyEnv).toMatchObject({
      UKT_HOST: 'ukt.lan',
      UKT_TLS: 'internal',
      UKT_UPSTREAM: '127.0.0.1:3000',
      UKT_CADDY_DATA: '/srv/ukt/data/caddy',
      UKT_HTTP_PORT: '80',
      UKT_HTTPS_PORT: '443',
      UKT_CADDY_ADMIN: 'off',
      XDG_CONFIG_HOME: '/srv/ukt/data/caddy/rumah/config',
    });
    expect(plan.caddyEnv.UKT_BIND).toBeUndefined();
    expect(plan.caddyArgs).toEqual([
      'run',
      '--adapter',
      'caddyfile',
      '--config',
      '/srv/ukt/deploy/Caddyfile',
    ]);
    expect(plan.rootCrt).toBe('/srv/ukt/data/caddy/pki/authorities/local/root.crt');
  });

  it('other ports appear in the addresses; a domain certificate offers nothing to install', () => {
    const plan = launchPlan({
      ...base,
      httpPort: 8080,
      httpsPort: 8443,
      bind: '192.168.1.10',
      sertifikat: { cert: '/srv/tls/cert.pem', key: '/srv/tls/key.pem' },
      backupDir: '/media/usb/cadangan',
      otpDelivery: 'webhook',
    });
    expect(plan.alamatAplikasi).toBe('https://ukt.lan:8443');
    expect(plan.alamatAwal).toBe('http://ukt.lan:8080');
    // Each path quoted for the Caddyfile's tls line (docs/decisions/152).
    expect(plan.caddyEnv.UKT_TLS).toBe('"/srv/tls/cert.pem" "/srv/tls/key.pem"');
    expect(plan.caddyEnv.UKT_BIND).toBe('192.168.1.10');
    expect(plan.appEnv.CA_CERT_URL).toBe('none');
    expect(plan.appEnv.BACKUP_DIR).toBe('/media/usb/cadangan');
    expect(plan.appEnv.OTP_DELIVERY).toBeUndefined();
    expect(plan.loginCodeFile).toBeNull();
    expect(plan.rootCrt).toBeNull();
  });

  it('takes a host name only, and says how to write it', () => {
    expect(namaProblem('ukt.lan')).toBeNull();
    expect(namaProblem('ukt-penguji.perguruan.or.id')).toBeNull();
    expect(namaProblem('')).toBe('Tulis nama alamat aplikasi, misalnya: npm run venue -- ukt.lan');
    for (const wrong of ['https://ukt.lan', 'ukt.lan:443', 'ukt.lan/', 'ukt lan', '-ukt.lan'])
      expect(namaProblem(wrong)).toBe(
        `"${wrong}" bukan nama alamat: tulis namanya saja, tanpa http://, port atau garis miring, misalnya ukt.lan.`,
      );
  });
});

describe('the launcher refuses and stops cleanly', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the launcher with `args` and a fresh data folder on free ports; answers its output and the app's port. */
  const launch = async (args: string[], env: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-venue-'));
    dirs.push(dir);
    const appPort = await freePort();
    const finished = await runToExit({
      entry: 'src/launcher/main.ts',
      args,
      env: {
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: `sqlite:${join(dir, 'data', 'ukt.db')}`,
        PORT: String(appPort),
        UKT_HTTP_PORT: String(await freePort()),
        UKT_HTTPS_PORT: String(await freePort()),
        UKT_BIND: '127.0.0.1',
        UKT_ENV_FILE: join(dir, 'ukt.env'),
        ...env,
      },
    });
    return { ...finished, appPort };
  };

  const closed = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });

  it('without a name: how to write the command, exit 2, nothing started', async () => {
    const run = await launch([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Tulis nama alamat aplikasi, misalnya: npm run venue -- ukt.lan');
    expect(run.stderr).toContain('Pakai: npm run venue -- NAMA');
  });

  it('a certificate without its key, or a file that is not there: said, exit 2', async () => {
    expect((await launch(['ukt.lan', '--sertifikat', 'cert.pem'])).stderr).toContain(
      '--sertifikat FILE dan --kunci FILE diisi bersama: sertifikat domain dan kunci rahasianya.',
    );
    const missing = await launch([
      'ukt.lan',
      '--sertifikat',
      '/tidak/ada/cert.pem',
      '--kunci',
      '/tidak/ada/key.pem',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Berkas /tidak/ada/cert.pem tidak ada.');
  });

  it('Caddy not found: the pre-flight check says so and nothing is started', async () => {
    const run = await launch(['ukt.lan', '--caddy', '/tidak/ada/caddy']);
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      '✗ Caddy 2.6 atau lebih baru: UKT_CADDY menunjuk ke /tidak/ada/caddy, tetapi di sana tidak ada program yang bisa dijalankan.',
    );
    expect(run.output).toContain('Perbaiki yang bertanda ✗, lalu jalankan lagi: npm run venue -- ukt.lan');
    expect(run.output).not.toContain('UKT Penguji berjalan');
    expect(await closed(run.appPort)).toBe(true);
  }, 120_000);

  it('a .local name is a ✗ that stops the launcher too, unlike a name the router does not know yet', async () => {
    const run = await launch(['ukt.local']);
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      '✗ Nama ukt.local menunjuk ke laptop ini: Nama berakhiran .local dipakai HP untuk hal lain (mDNS): HP tidak menanyakannya ke router.',
    );
    expect(run.output).toContain('Perbaiki yang bertanda ✗, lalu jalankan lagi: npm run venue -- ukt.local');
    expect(run.output).not.toContain('Memulai UKT Penguji');
    expect(await closed(run.appPort)).toBe(true);
  }, 120_000);

  it('a port Caddy needs is held by another program: the check names it and nothing is started', async () => {
    // Another program on the port: it accepts connections and never answers.
    const held = new Set<Socket>();
    const holder = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const run = await launch(['ukt.lan'], { UKT_HTTP_PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.output).toMatch(new RegExp(`✗ Port ${port} untuk Caddy: .*\\(pid ${process.pid}\\)`));
      expect(run.output).toContain('Perbaiki yang bertanda ✗, lalu jalankan lagi: npm run venue -- ukt.lan');
      expect(await closed(run.appPort)).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 120_000);
});
