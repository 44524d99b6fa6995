import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { API, apiResult, Sambungkan } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/env';
import { readCaCert } from '../../../src/modules/sambungkan/ca-cert';
import { ADMIN, api, body, DATABASES, startApp, startSignedIn, type TestApp } from '../../support/app';
import { startCaddy, type TestCaddy } from '../../support/caddy';
import { freePort } from '../../support/server-process';

// "Sambungkan HP" (DESIGN §14, docs/decisions/094 and 126): the console learns from the server which
// addresses to show as QR codes: PUBLIC_URL, and the plain-http download of Caddy's root
// certificate (CA_CERT_URL), with the fingerprint of the certificate the server itself found there.
// Caddy is the real one running deploy/Caddyfile, with its own CA and with a domain certificate.

const Answer = apiResult(Sambungkan);

/** The SHA-256 fingerprint as `openssl x509 -fingerprint -sha256` prints it. */
function opensslFingerprint(file: string): string {
  const run = spawnSync('openssl', ['x509', '-noout', '-fingerprint', '-sha256', '-in', file], {
    encoding: 'utf8',
  });
  expect(run.error, 'openssl is missing').toBeUndefined();
  return run.stdout.trim().split('=')[1] as string;
}

/** The same, computed here from the PEM's DER bytes: colon-separated upper-case hex. */
function derFingerprint(pem: string): string {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return (createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g) as string[]).join(':');
}

/** Caddy's own CA (`tls internal`), and Caddy with a certificate obtained before the event. */
let internal: TestCaddy;
let domain: TestCaddy;
/** A plain-http server whose answer each test sets, and the paths it was asked for. */
let fake: {
  server: Server;
  url: string;
  asked: string[];
  answer: (req: IncomingMessage, res: ServerResponse) => void;
};
/** A certificate Caddy issued for the site: not a CA. */
let leafPem: string;

beforeAll(async () => {
  internal = await startCaddy('internal');
  const ca = join(internal.data, 'pki/authorities/local');
  // Any matching certificate and key do as the "domain certificate": Caddy checks only that they match.
  domain = await startCaddy(`${ca}/root.crt ${ca}/root.key`);
  const leaf = join(internal.data, 'certificates/local/localhost/localhost.crt');
  for (let i = 0; !existsSync(leaf) && i < 200; i++) await new Promise((r) => setTimeout(r, 100));
  leafPem = readFileSync(leaf, 'utf8');

  const asked: string[] = [];
  const state = {
    asked,
    answer: (_req: IncomingMessage, res: ServerResponse) => res.end(),
  };
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    state.answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake = Object.assign(state, { server, url: `http://127.0.0.1:${port}` });
}, 60_000);

afterAll(async () => {
  await Promise.all([internal?.stop(), domain?.stop()]);
  await new Promise((resolve) => fake?.server.close(resolve));
});

describe.each(DATABASES)('console Sambungkan HP on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  beforeAll(async () => {
    // A name no computer knows (RFC 2606): the server cannot read the default download.
    ({ t, admin, siti, agus } = await startSignedIn(kind, { PUBLIC_URL: 'https://ukt.invalid/' }));
  });
  afterAll(async () => t.close());

  /** The answer an admin signed in with `token` gets from `other`. */
  const answerOf = async (other: TestApp, token: string) => {
    const res = await api(other, token, 'GET', API.panitia.sambungkan.href());
    expect(res.statusCode, res.body).toBe(200);
    return Answer.parse(res.json()).data;
  };
  /** The answer an admin gets from a server started with `env`. */
  const answerWith = async (env: Record<string, string>) => {
    const other = await startApp(kind, env);
    try {
      return await answerOf(other, await other.login(ADMIN));
    } finally {
      await other.close();
    }
  };

  it('is for committee admins only: 401 without a token, 403 to examiners', async () => {
    expect((await api(t, undefined, 'GET', API.panitia.sambungkan.href())).statusCode).toBe(401);
    for (const token of [siti, agus]) {
      const res = await api(t, token, 'GET', API.panitia.sambungkan.href());
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ success: false, message: expect.stringContaining('admin panitia') });
    }
  });

  it("by default offers Caddy's root over plain http on PUBLIC_URL's host, and says when that name is unknown here", async () => {
    const res = await api(t, admin, 'GET', API.panitia.sambungkan.href());
    expect(res.statusCode, res.body).toBe(200);
    expect(Answer.parse(res.json()).data).toEqual({
      alamat_aplikasi: 'https://ukt.invalid',
      https: true,
      alamat_sertifikat_ca: 'http://ukt.invalid/ukt-ca.crt',
      sertifikat_ca: null,
      masalah_sertifikat_ca: expect.stringContaining(
        'Nama ukt.invalid tidak dikenal oleh komputer server, jadi sertifikat di http://ukt.invalid/ukt-ca.crt tidak dapat dibaca.',
      ),
    });
  });

  it('the default download is on plain http port 80 of the same host, whatever the https port', async () => {
    expect((await answerWith({ PUBLIC_URL: 'https://ukt.invalid:8443' })).alamat_sertifikat_ca).toBe(
      'http://ukt.invalid/ukt-ca.crt',
    );
  });

  it("Caddy's own CA: the root's name and SHA-256 fingerprint, as openssl and the phones compute it", async () => {
    const root = join(internal.data, 'pki/authorities/local/root.crt');
    const answer = await answerWith({
      PUBLIC_URL: 'https://localhost:8443',
      CA_CERT_URL: `${internal.httpOrigin}/ukt-ca.crt`,
    });
    const fingerprint = opensslFingerprint(root);
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(derFingerprint(readFileSync(root, 'utf8'))).toBe(fingerprint);
    expect(answer).toEqual({
      alamat_aplikasi: 'https://localhost:8443',
      https: true,
      alamat_sertifikat_ca: `${internal.httpOrigin}/ukt-ca.crt`,
      sertifikat_ca: {
        nama: expect.stringMatching(/^UKT Penguji - \d{4} ECC Root$/),
        sidik_jari_sha256: fingerprint,
      },
      masalah_sertifikat_ca: null,
    });
  });

  it('a domain certificate: Caddy answers 404, so no root is offered, and the page says to set CA_CERT_URL=none', async () => {
    const answer = await answerWith({
      PUBLIC_URL: 'https://localhost:8443',
      CA_CERT_URL: `${domain.httpOrigin}/ukt-ca.crt`,
    });
    expect(answer.sertifikat_ca).toBeNull();
    expect(answer.masalah_sertifikat_ca).toBe(
      `Tidak ada sertifikat di ${domain.httpOrigin}/ukt-ca.crt (jawaban 404). Caddy memberikannya hanya bila situs memakai CA Caddy sendiri (UKT_TLS=internal). ` +
        'Dengan sertifikat domain, HP tidak perlu memasang apa pun: isi CA_CERT_URL=none lalu jalankan ulang aplikasi.',
    );
    // The root Caddy made anyway (the pki block) is nowhere in the answer.
    const unused = opensslFingerprint(join(domain.data, 'pki/authorities/local/root.crt'));
    expect(JSON.stringify(answer)).not.toContain(unused);

    // CA_CERT_URL=none: nothing offered, nothing read, nothing to fix.
    expect(await answerWith({ PUBLIC_URL: 'https://ukt.perguruan.or.id', CA_CERT_URL: 'none' })).toEqual({
      alamat_aplikasi: 'https://ukt.perguruan.or.id',
      https: true,
      alamat_sertifikat_ca: null,
      sertifikat_ca: null,
      masalah_sertifikat_ca: null,
    });
  });

  it('says when the address is not https, and offers no certificate then', async () => {
    expect(await answerWith({ HOST: '127.0.0.1', PORT: '3000' })).toEqual({
      alamat_aplikasi: 'http://127.0.0.1:3000',
      https: false,
      alamat_sertifikat_ca: null,
      sertifikat_ca: null,
      masalah_sertifikat_ca: null,
    });
  });

  it('reads only CA_CERT_URL, afresh for each page: DER as well as PEM; no redirect followed; anything but a root certificate named', async () => {
    const other = await startApp(kind, { PUBLIC_URL: 'https://ukt.lan', CA_CERT_URL: `${fake.url}/ca.crt` });
    try {
      const token = await other.login(ADMIN);
      const pem = readFileSync(join(internal.data, 'pki/authorities/local/root.crt'), 'utf8');
      const der = new X509Certificate(pem).raw;
      fake.answer = (_req, res) => res.end(der);
      expect((await answerOf(other, token)).sertifikat_ca?.sidik_jari_sha256).toBe(derFingerprint(pem));

      const masalah = async (answer: typeof fake.answer) => {
        fake.answer = answer;
        const found = await answerOf(other, token);
        expect(found.sertifikat_ca).toBeNull();
        return found.masalah_sertifikat_ca;
      };
      fake.asked.length = 0;
      expect(
        await masalah((_req, res) => {
          res.writeHead(308, { location: `${fake.url}/elsewhere` });
          res.end();
        }),
      ).toBe(
        `${fake.url}/ca.crt mengalihkan ke alamat lain, bukan memberikan sertifikat. Isi CA_CERT_URL dengan alamat berkas sertifikatnya sendiri, lalu jalankan ulang aplikasi.`,
      );
      expect(fake.asked).toEqual(['/ca.crt']);
      expect(await masalah((_req, res) => res.end('<html>Selamat datang</html>'))).toBe(
        `Berkas di ${fake.url}/ca.crt bukan sertifikat. Periksa CA_CERT_URL. Sesudah memperbaikinya, muat ulang halaman ini.`,
      );
      expect(await masalah((_req, res) => res.end(leafPem))).toContain(
        `Sertifikat di ${fake.url}/ca.crt bukan sertifikat CA, jadi HP tidak dapat memakainya untuk mempercayai situs.`,
      );
      expect(await masalah((_req, res) => res.end(Buffer.alloc(70_000, 'A')))).toContain('lebih dari 64 KB');
      expect(
        await masalah((_req, res) => {
          res.statusCode = 500;
          res.end('rusak');
        }),
      ).toContain(`${fake.url}/ca.crt menjawab 500, bukan sertifikat.`);
      // Back to the certificate: the next page shows it again.
      fake.answer = (_req, res) => res.end(pem);
      expect((await answerOf(other, token)).sertifikat_ca?.sidik_jari_sha256).toBe(derFingerprint(pem));
    } finally {
      await other.close();
    }
  });

  it('says when nothing answers at the address (Caddy not running)', async () => {
    const port = await freePort();
    const answer = await answerWith({
      PUBLIC_URL: 'https://ukt.lan',
      CA_CERT_URL: `http://127.0.0.1:${port}/ukt-ca.crt`,
    });
    expect(answer.sertifikat_ca).toBeNull();
    expect(answer.masalah_sertifikat_ca).toBe(
      `Tidak ada yang menjawab di 127.0.0.1:${port}: Caddy belum berjalan atau memakai port lain. ` +
        'Jalankan Caddy lewat peluncur (panduan docs/pasang-venue.md, langkah 3). Sesudah memperbaikinya, muat ulang halaman ini.',
    );
  });
});

describe('reading the root certificate', () => {
  it('gives up on an address that accepts and never answers, within its time limit, in Indonesian', async () => {
    fake.answer = () => {};
    const reading = await readCaCert(`${fake.url}/diam.crt`, 300);
    expect(reading.masalah).toBe(
      `${fake.url}/diam.crt tidak menjawab dalam 0,3 detik. Periksa bahwa Caddy berjalan dan CA_CERT_URL benar. Sesudah memperbaikinya, muat ulang halaman ini.`,
    );
  });
});

describe('CA_CERT_URL', () => {
  it('must be an http(s) address or none, said in Indonesian', () => {
    for (const value of ['ukt-ca.crt', 'ftp://ukt.lan/ukt-ca.crt']) {
      expect(() => loadConfig({ CA_CERT_URL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ CA_CERT_URL: value })).toThrow(/CA_CERT_URL harus URL http:\/\/… atau none/);
    }
  });
});
