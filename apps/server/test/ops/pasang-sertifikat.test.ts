import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { httpGet, startCaddy, type TestCaddy } from '../support/caddy';
import { freePort } from '../support/server-process';

// http://<venue name>/ for a phone or laptop that has not trusted Caddy's root yet
// (docs/decisions/133): the real Caddy running deploy/Caddyfile in front of the app, asked over plain
// http as the phone asks. The page reads no database, so SQLite alone is enough here.

/** The SHA-256 fingerprint of Caddy's root as `openssl x509 -fingerprint -sha256` prints it. */
function opensslFingerprint(file: string): string {
  const run = spawnSync('openssl', ['x509', '-noout', '-fingerprint', '-sha256', '-in', file], {
    encoding: 'utf8',
  });
  expect(run.error, 'openssl is missing').toBeUndefined();
  return run.stdout.trim().split('=')[1] as string;
}

/** The app listening on `port` of 127.0.0.1 with `env`, as Caddy's upstream. */
async function listening(port: number, env: Record<string, string>): Promise<TestApp> {
  const t = await startApp('sqlite', { TRUST_PROXY: '127.0.0.1', ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

describe("Caddy's own CA: the landing page on plain http", () => {
  let caddy: TestCaddy;
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    caddy = await startCaddy('internal', `127.0.0.1:${port}`);
    t = await listening(port, {
      PUBLIC_URL: 'https://localhost:8443',
      CA_CERT_URL: `${caddy.httpOrigin}/ukt-ca.crt`,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await caddy?.stop();
  });

  it('shows the download, its fingerprint, the steps for phones and laptops, and the https address, without a script', async () => {
    const res = await httpGet(`${caddy.httpOrigin}/`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body.toString('utf8');
    expect(html).toContain('<html lang="id">');
    expect(html).toContain('<title>Pasang sertifikat UKT Penguji</title>');
    expect(html).toContain(`href="${caddy.httpOrigin}/ukt-ca.crt"`);
    // Colons are where a long fingerprint may wrap: each pair stays whole on a narrow screen.
    expect(html).toContain(
      opensslFingerprint(join(caddy.data, 'pki/authorities/local/root.crt')).replaceAll(':', ':<wbr>'),
    );
    for (const sistem of ['HP Android', 'iPhone dan iPad', 'Laptop Windows', 'Laptop macOS', 'Laptop Linux'])
      expect(html).toContain(`<h3>${sistem}</h3>`);
    expect(html).toMatch(/Klik dua kali &#34;UKT Penguji - \d{4} ECC Root&#34;/);
    expect(html).toContain(
      '<a class="tombol" href="https://localhost:8443">Sudah dipasang: buka aplikasi</a>',
    );
    expect(html).toContain('<svg width="100%" height="100%" ');
    expect(html).not.toMatch(/<script/i);
    // The same page at its own path; the certificate itself is still the file.
    expect((await httpGet(`${caddy.httpOrigin}/pasang-sertifikat`)).body.toString('utf8')).toBe(html);
    const crt = await httpGet(`${caddy.httpOrigin}/ukt-ca.crt`);
    expect(crt.headers['content-type']).toBe('application/x-x509-ca-cert');
  });

  it('every other plain-http address still goes to https', async () => {
    const res = await httpGet(`${caddy.httpOrigin}/login?x=1`);
    expect(res.status).toBe(308);
    expect(res.headers.location).toMatch(/^https:\/\/localhost:\d+\/login\?x=1$/);
  });

  it('says what is wrong, in words, when the certificate cannot be read', async () => {
    const port = await freePort();
    const other = await startApp('sqlite', {
      PUBLIC_URL: 'https://ukt.lan',
      CA_CERT_URL: `http://127.0.0.1:${port}/ukt-ca.crt`,
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/pasang-sertifikat' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<p class="masalah" role="alert">Sertifikat belum dapat ditawarkan.');
      expect(res.body).toContain(`Tidak ada yang menjawab di 127.0.0.1:${port}: Caddy belum berjalan`);
      expect(res.body).not.toContain('<svg');
    } finally {
      await other.close();
    }
  });

  it('with a real domain certificate (CA_CERT_URL=none) there is nothing to install: only the app', async () => {
    const other = await startApp('sqlite', {
      PUBLIC_URL: 'https://ukt.perguruan.or.id',
      CA_CERT_URL: 'none',
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/pasang-sertifikat' });
      expect(res.body).toContain('Tidak ada sertifikat yang perlu dipasang');
      expect(res.body).toContain('<a class="tombol" href="https://ukt.perguruan.or.id">Buka aplikasi</a>');
    } finally {
      await other.close();
    }
  });
});

describe('a domain certificate behind Caddy', () => {
  let caddy: TestCaddy;
  beforeAll(async () => {
    const internal = await startCaddy('internal');
    const ca = join(internal.data, 'pki/authorities/local');
    // Any matching certificate and key do as the "domain certificate": Caddy checks only that they match.
    caddy = await startCaddy(`${ca}/root.crt ${ca}/root.key`, `127.0.0.1:${await freePort()}`);
    caddy.stop = ((stop) => async () => {
      await stop();
      await internal.stop();
    })(caddy.stop);
  }, 60_000);
  afterAll(async () => caddy?.stop());

  it('plain http goes straight to https: no page about a certificate no phone needs', async () => {
    const res = await httpGet(`${caddy.httpOrigin}/`);
    expect(res.status).toBe(308);
    expect(res.headers.location).toMatch(/^https:\/\/localhost:\d+\/$/);
  });
});
