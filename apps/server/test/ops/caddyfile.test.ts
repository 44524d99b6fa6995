import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caddyPath, caddyWord } from '../../src/launcher/plan';
import { CADDYFILE, httpGet, startCaddy } from '../support/caddy';

// deploy/Caddyfile as Caddy itself checks it (`caddy validate` loads certificates and makes the CA),
// in each of its three certificate modes, and as it runs: the root certificate on plain http only
// when Caddy's own CA signs the site (docs/decisions/126); deploy-files.test.ts checks the routes it
// adapts to. The browser test e2e/tests/venue/https-venue.spec.ts runs it in front of the app
// (docs/decisions/095-caddyfile-and-https-test.md).

describe('deploy/Caddyfile', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-caddyfile-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `caddy <verb>` on the shipped Caddyfile with these variables, Caddy's own files kept in the temp dir. */
  const caddy = (verb: 'validate' | 'adapt', env: Record<string, string>) => {
    const run = spawnSync('caddy', [verb, '--adapter', 'caddyfile', '--config', CADDYFILE], {
      env: { PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), ...env },
      encoding: 'utf8',
    });
    expect(run.error, 'caddy is missing (Debian: apt-get install caddy)').toBeUndefined();
    return run;
  };
  const data = () => join(dir, 'data');

  it('is valid with Caddy’s own CA, made where UKT_CADDY_DATA says and named for the app', () => {
    const run = caddy('validate', { UKT_HOST: 'ukt.lan', UKT_TLS: 'internal', UKT_CADDY_DATA: data() });
    expect(run.stdout + run.stderr).toContain('Valid configuration');
    expect(run.status).toBe(0);
    const root = new X509Certificate(readFileSync(join(data(), 'pki/authorities/local/root.crt')));
    expect(root.subject).toContain('CN=UKT Penguji');
  });

  it('is valid with an e-mail for automatic certificates, and with a certificate obtained before the event', () => {
    const acme = caddy('validate', { UKT_HOST: 'ukt.perguruan.or.id', UKT_TLS: 'panitia@perguruan.or.id' });
    expect(acme.status, acme.stderr).toBe(0);
    // Any matching certificate and key do for Caddy's check: the CA's root made by the test above.
    const local = join(data(), 'pki/authorities/local');
    const files = caddy('validate', { UKT_HOST: 'ukt.lan', UKT_TLS: `${local}/root.crt ${local}/root.key` });
    expect(files.status, files.stderr).toBe(0);
    const wrong = caddy('validate', {
      UKT_HOST: 'ukt.lan',
      UKT_TLS: `${local}/root.crt ${local}/intermediate.key`,
    });
    expect(wrong.status).not.toBe(0);
  });

  it('serves the root from the same place the CA lives, and never touches this machine’s trust stores', () => {
    const places: [Record<string, string>, string][] = [
      [{}, '/var/lib/caddy/.local/share/caddy'],
      [{ UKT_CADDY_DATA: '/srv/caddy' }, '/srv/caddy'],
    ];
    for (const [env, storage] of places) {
      const config = JSON.parse(caddy('adapt', { UKT_HOST: 'ukt.lan', ...env }).stdout);
      expect(config.storage).toEqual({ module: 'file_system', root: storage });
      expect(JSON.stringify(config.apps.http)).toContain(`"root":"${storage}/pki/authorities/local"`);
      expect(config.apps.pki.certificate_authorities.local.install_trust).toBe(false);
    }
  });

  it('reads folders with spaces, non-ASCII letters and Windows backslashes as the launcher writes them (docs/decisions/152)', () => {
    // %USERPROFILE% of a Windows user with a space in the name, the app in a folder with one too.
    const windows = 'C:\\Users\\Budi Santoso\\Dokumen Ujian\\ukt-penguji\\apps\\server\\data\\caddy';
    const places: [string, string][] = [
      [windows, windows],
      [`${windows}\\`, windows],
      ['D:\\', 'D:/'],
      ['\\\\server\\berbagi\\ujian data', '\\\\server\\berbagi\\ujian data'],
      ['/home/budi/Dokumen Ujian/data ujián/caddy', '/home/budi/Dokumen Ujian/data ujián/caddy'],
      ['/srv/"kutip"/caddy', '/srv/"kutip"/caddy'],
    ];
    for (const [folder, storage] of places) {
      const run = caddy('adapt', { UKT_HOST: 'ukt.lan', UKT_CADDY_DATA: caddyPath(folder) });
      expect(run.status, run.stderr).toBe(0);
      const config = JSON.parse(run.stdout);
      expect(config.storage).toEqual({ module: 'file_system', root: storage });
      expect(JSON.stringify(config.apps.http)).toContain(
        JSON.stringify(`${storage}/pki/authorities/local`).slice(1, -1),
      );
    }
    // A certificate and key in such folders: two quoted words, read as the files' paths.
    const cert = 'C:\\Users\\Budi Santoso\\Sertifikat Domain\\fullchain.pem';
    const key = 'C:\\Users\\Budi Santoso\\Sertifikat Domain\\privkey.pem';
    const tls = caddy('adapt', { UKT_HOST: 'ukt.lan', UKT_TLS: `${caddyWord(cert)} ${caddyWord(key)}` });
    expect(tls.status, tls.stderr).toBe(0);
    expect(JSON.parse(tls.stdout).apps.tls.certificates.load_files).toEqual([
      expect.objectContaining({ certificate: cert, key }),
    ]);
    // Without the Caddyfile's quotes (as it was) the same folder splits into two words: refused.
    const unquoted = join(dir, 'Caddyfile-tanpa-kutip');
    writeFileSync(
      unquoted,
      readFileSync(CADDYFILE, 'utf8')
        .replaceAll('"{$UKT_CADDY_DATA', '{$UKT_CADDY_DATA')
        .replace('/share/caddy}"', '/share/caddy}')
        .replace('/pki/authorities/local"', '/pki/authorities/local'),
    );
    const split = spawnSync('caddy', ['adapt', '--adapter', 'caddyfile', '--config', unquoted], {
      env: { PATH: process.env.PATH, HOME: dir, UKT_HOST: 'ukt.lan', UKT_CADDY_DATA: caddyPath(windows) },
      encoding: 'utf8',
    });
    expect(split.status).not.toBe(0);
    expect(split.stderr).toContain('Wrong argument count');
  });

  it('can listen on chosen addresses and ports with no admin endpoint (parallel tests), and needs UKT_HOST', () => {
    const config = JSON.parse(
      caddy('adapt', {
        UKT_HOST: 'ujian.test',
        UKT_BIND: '::1',
        UKT_HTTP_PORT: '8080',
        UKT_HTTPS_PORT: '8443',
        UKT_CADDY_ADMIN: 'off',
      }).stdout,
    );
    const listen = Object.values(config.apps.http.servers as Record<string, { listen: string[] }>).flatMap(
      (s) => s.listen,
    );
    expect(listen.sort()).toEqual(['[::1]:8080', '[::1]:8443']);
    expect(config.admin).toEqual({ disabled: true });
    expect(JSON.stringify(config)).toContain(
      '"Location":["https://{http.request.host}:8443{http.request.uri}"]',
    );

    const nameless = caddy('adapt', {});
    expect(nameless.status).not.toBe(0);
  });
});

describe('deploy/Caddyfile running (Caddy 2.6): /ukt-ca.crt', () => {
  let dir: string;
  /** A certificate and key "obtained before the event", in a folder named like a Windows path (`Budi Santoso\ukt`). */
  let domainTls: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-caddy-domain-'));
    const made = join(dir, 'made');
    const run = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', CADDYFILE], {
      env: { PATH: process.env.PATH, HOME: dir, UKT_HOST: 'localhost', UKT_CADDY_DATA: made },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    // A backslash then `u` would be a broken \u escape in a CEL string that is not raw; the space
    // needs the quotes the launcher puts around each path, which the CEL string must take too (152).
    const windowsLike = join(dir, 'Budi Santoso\\ukt');
    mkdirSync(windowsLike);
    for (const name of ['root.crt', 'root.key']) {
      copyFileSync(join(made, 'pki/authorities/local', name), join(windowsLike, name));
    }
    domainTls = `${caddyWord(`${windowsLike}/root.crt`)} ${caddyWord(`${windowsLike}/root.key`)}`;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('with `tls internal` (the default) serves the root of the CA that signs the site, for phones to install', async () => {
    const caddy = await startCaddy('internal');
    try {
      const res = await httpGet(`${caddy.httpOrigin}/ukt-ca.crt`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/x-x509-ca-cert');
      expect(res.headers['content-disposition']).toBe('attachment; filename=ukt-ca.crt');
      expect(res.body.toString()).toBe(
        readFileSync(join(caddy.data, 'pki/authorities/local/root.crt'), 'utf8'),
      );
      expect(new X509Certificate(res.body).subject).toContain('CN=UKT Penguji');
      // Everything else on plain http goes to https.
      expect((await httpGet(`${caddy.httpOrigin}/login`)).status).toBe(308);
    } finally {
      await caddy.stop();
    }
  });

  it('with a certificate obtained before the event: 404 in Indonesian, though Caddy made a "UKT Penguji" root all the same', async () => {
    const caddy = await startCaddy(domainTls);
    try {
      const res = await httpGet(`${caddy.httpOrigin}/ukt-ca.crt`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body.toString()).toBe(
        'Tidak ada sertifikat untuk dipasang: situs ini memakai sertifikat domain yang sudah dipercaya HP.',
      );
      // The global pki block still makes the CA: only the Caddyfile's condition keeps it from phones.
      const unused = new X509Certificate(readFileSync(join(caddy.data, 'pki/authorities/local/root.crt')));
      expect(unused.subject).toContain('CN=UKT Penguji');
      expect((await httpGet(`${caddy.httpOrigin}/login`)).status).toBe(308);
    } finally {
      await caddy.stop();
    }
  });

  it('with an e-mail for automatic certificates: 404 as well', async () => {
    // Caddy tries to reach Let's Encrypt in the background; the plain-http site answers regardless.
    const caddy = await startCaddy('panitia@perguruan.or.id');
    try {
      expect((await httpGet(`${caddy.httpOrigin}/ukt-ca.crt`)).status).toBe(404);
    } finally {
      await caddy.stop();
    }
  });
});
