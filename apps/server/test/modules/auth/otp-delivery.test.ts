import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { ConfigError, loadConfig } from '../../../src/config/env';
import { resolveSecret } from '../../../src/config/secret';
import { createOtpSender } from '../../../src/modules/auth/otp-delivery';
import { testConfig } from '../../support/app';

const silent = { info() {}, error() {}, warn() {} } as never;

describe('OTP delivery adapters', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-otp-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('file: appends one JSON line {to, code, text, at} per message', async () => {
    const codeFile = join(dir, 'sub', 'otp.jsonl');
    const sender = createOtpSender({ delivery: 'file', codeFile, webhookUrl: undefined }, silent);
    await sender.send({ to: '6281100000001', code: '1234', text: 'Kode 1234' });
    await sender.send({ to: '6281100000002', code: '5678', text: 'Kode 5678' });
    const lines = readFileSync(codeFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ to: '6281100000002', code: '5678', text: 'Kode 5678' });
    expect(new Date(lines[0].at).getTime()).toBeGreaterThan(0);
  });

  it('webhook: POSTs {to, text} to the gateway', async () => {
    const received: unknown[] = [];
    const server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        received.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(data) });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kirim`;
      const sender = createOtpSender({ delivery: 'webhook', codeFile: '', webhookUrl: url }, silent);
      expect(sender.wait).toBe(false);
      await sender.send({ to: '6281100000001', code: '4321', text: 'Kode OTP UKT Penguji Anda: 4321.' });
      expect(received).toEqual([
        {
          method: 'POST',
          type: 'application/json',
          body: { to: '6281100000001', text: 'Kode OTP UKT Penguji Anda: 4321.' },
        },
      ]);
    } finally {
      server.close();
    }
  });

  it('log: prints the code in the server output', async () => {
    const lines: string[] = [];
    const sender = createOtpSender({ delivery: 'log', codeFile: '', webhookUrl: undefined }, {
      info: (m: string) => lines.push(m),
    } as never);
    await sender.send({ to: '6281100000001', code: '0042', text: '' });
    expect(lines).toEqual(['Kode OTP untuk 6281100000001: 0042']);
  });
});

describe('configuration', () => {
  it('has the defaults of DESIGN §5', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      // The default database lives in DATA_DIR (./data): docs/decisions/157.
      databaseUrl: `sqlite:${resolve('data', 'ukt.db')}`,
      orgId: 1,
      demo: undefined,
    });
    expect(config.otp.delivery).toBe('log');
  });

  it('lists every invalid variable in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', OTP_DELIVERY: 'sms' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', OTP_DELIVERY: 'sms' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*OTP_DELIVERY/);
    }
    expect(() => loadConfig({ OTP_DELIVERY: 'webhook' })).toThrow(/OTP_WEBHOOK_URL/);
  });

  it('generates the secret once into the data directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-secret-'));
    try {
      const first = resolveSecret(undefined, dir);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(resolveSecret(undefined, dir)).toBe(first);
      expect(resolveSecret('x'.repeat(32), dir)).toBe('x'.repeat(32));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('web app, docs and demo switch', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-web-'));
    mkdirSync(join(dir, 'web', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'web', 'index.html'), '<!doctype html><title>UKT Penguji</title>');
    writeFileSync(join(dir, 'web', 'assets', 'app-123.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves static files, falls back to index.html for app routes, and keeps API 404s JSON', async () => {
    const app = await buildApp(
      testConfig(dir, `sqlite:${join(dir, 'a.db')}`, { WEB_DIST: join(dir, 'web') }),
    );
    try {
      const asset = await app.inject('/assets/app-123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      for (const route of ['/', '/Login', '/UjianFisik', '/ut/abc']) {
        const page = await app.inject(route);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('UKT Penguji');
        expect(page.headers['content-security-policy']).toContain("default-src 'self'");
        // Plain http must still load its scripts (docs/decisions/092).
        expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      }
      // A chunk of an older build, or any missing file, is a 404: never the app's page with a 200.
      for (const missing of ['/assets/app-old.js', '/assets/gone.css', '/logo-lama.svg', '/sw-old.js']) {
        const res = await app.inject(missing);
        expect(res.statusCode, missing).toBe(404);
        expect(res.json()).toEqual({ success: false, message: 'Alamat tidak ditemukan.' });
      }
      const api = await app.inject('/uktNEW/api/tidak-ada');
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ success: false, message: 'Alamat tidak ditemukan.' });
      expect((await app.inject({ method: 'POST', url: '/Login' })).statusCode).toBe(404);
      const docs = await app.inject('/docs/json');
      const paths = Object.keys(docs.json().paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/uktNEW/api/DataSiswa/siswa',
          '/uktNEW/api/keshan/jawaban',
          '/img/{id_organisasi}/{id_pemilih}',
        ]),
      );
      expect((await app.inject('/docs')).statusCode).toBeLessThan(400);
    } finally {
      await app.close();
    }
  });

  it('fills no demo data with UKT_DEMO=0, and runs SQLite in WAL mode with synchronous=FULL', async () => {
    const app = await buildApp(testConfig(dir, `sqlite:${join(dir, 'b.db')}`, { UKT_DEMO: '0' }));
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(app.db);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(app.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(sync.rows[0]?.synchronous).toBe(2);
      expect(await app.db.selectFrom('ukt').selectAll().execute()).toEqual([]);
      expect(await app.db.selectFrom('organisasi').select('kota').execute()).toEqual([{ kota: 'MADIUN' }]);
    } finally {
      await app.close();
    }
  });
});
