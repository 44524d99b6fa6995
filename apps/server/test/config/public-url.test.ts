import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { defaultPublicUrl, publicUrlWarning } from '../../src/config/public-url';
import { startApp } from '../support/app';
import { startServer } from '../support/server-process';

describe('PUBLIC_URL: the address on every link, QR and card', () => {
  it('a wildcard HOST becomes the machine’s LAN address, never 0.0.0.0', () => {
    expect(defaultPublicUrl('0.0.0.0', 3000, () => '192.168.1.20')).toBe('http://192.168.1.20:3000');
    expect(defaultPublicUrl('::', 3000, () => '10.0.0.5')).toBe('http://10.0.0.5:3000');
    expect(defaultPublicUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '3000' });
    expect(config.publicUrl).not.toContain('0.0.0.0');
  });

  it('a configured PUBLIC_URL wins and loses a trailing slash', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://ukt.example/' }).publicUrl).toBe(
      'https://ukt.example',
    );
  });

  it('warns only when phones could reach a server whose PUBLIC_URL is not https', () => {
    expect(publicUrlWarning('127.0.0.1', 'http://127.0.0.1:3000')).toBeNull();
    expect(publicUrlWarning('0.0.0.0', 'https://ukt.example')).toBeNull();
    expect(publicUrlWarning('0.0.0.0', 'http://192.168.1.20:3000')).toMatch(/bukan https:\/\//);
    expect(publicUrlWarning('0.0.0.0', 'http://192.168.1.20:3000')).toMatch(/alamat LAN pertama mesin ini/);
    expect(publicUrlWarning('192.168.1.20', 'http://192.168.1.20:3000')).not.toMatch(/alamat LAN/);
  });

  it('login links made by the console use PUBLIC_URL', async () => {
    const t = await startApp('sqlite', { PUBLIC_URL: 'https://ujian.example' });
    try {
      const token = await t.login('6281100000001');
      const list = await t.app.inject({
        method: 'GET',
        url: '/uktNEW/api/panitia/penguji?cari=Siti',
        headers: { 'access-token': token },
      });
      const siti = (list.json().data as { id_pemilih: string; nama: string }[]).find((p) =>
        p.nama.startsWith('Siti'),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/uktNEW/api/panitia/penguji/${siti?.id_pemilih}/tautan`,
        headers: { 'access-token': token },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(res.json())).toMatch(/https:\/\/ujian\.example\/ut\//);
    } finally {
      await t.close();
    }
  });
});

describe('start-up warning', { timeout: 90_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-public-url-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Starts src/server.ts, waits for it to listen or end (at most 60 s), stops it, answers what it printed. */
  const startAndRead = async (env: Record<string, string>) => {
    const server = startServer({
      env: {
        PORT: '0',
        DATABASE_URL: `sqlite:${join(dir, `${env.HOST}.db`)}`,
        DATA_DIR: join(dir, env.HOST ?? 'x'),
        WEB_DIST: join(dir, 'none'),
        LOG_LEVEL: 'info',
        ...env,
      },
    });
    const listening = await server.waitFor(/Server listening/).catch(() => null);
    if (listening) await new Promise((r) => setTimeout(r, 300));
    await server.stop();
    return server.output;
  };

  it('names PUBLIC_URL and https when it would listen beyond this machine over http', async () => {
    // 192.0.2.1 (a documentation address no machine has): the warning comes before listening, and
    // the test never opens a port beyond loopback.
    const output = await startAndRead({ HOST: '192.0.2.1' });
    expect(output).toMatch(/PUBLIC_URL \(http:\/\/192\.0\.2\.1:0\) bukan https:\/\//);
  });

  it('stays quiet on 127.0.0.1', async () => {
    const output = await startAndRead({ HOST: '127.0.0.1' });
    expect(output).toMatch(/Server listening/);
    expect(output).not.toMatch(/bukan https/);
  });
});
