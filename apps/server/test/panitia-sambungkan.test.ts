import { API, apiResult, Sambungkan } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { ADMIN, api, body, DATABASES, startApp, startSignedIn, type TestApp } from './support/app';

// "Sambungkan HP" (DESIGN §14): the console learns from the server which addresses to show as QR
// codes: PUBLIC_URL, and the plain-http download of Caddy's root certificate (CA_CERT_URL).

const Answer = apiResult(Sambungkan);

describe.each(DATABASES)('console Sambungkan HP on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  let agus: string;
  beforeAll(async () => {
    ({ t, admin, siti, agus } = await startSignedIn(kind, { PUBLIC_URL: 'https://ukt.lan/' }));
  });
  afterAll(async () => t.close());

  /** The answer an admin gets from a server started with `env`. */
  const answerWith = async (env: Record<string, string>) => {
    const other = await startApp(kind, env);
    try {
      const res = await api(other, await other.login(ADMIN), 'GET', API.panitia.sambungkan.href());
      expect(res.statusCode, res.body).toBe(200);
      return Answer.parse(res.json()).data;
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

  it("answers PUBLIC_URL and, by default, Caddy's root certificate over plain http on its host", async () => {
    const res = await api(t, admin, 'GET', API.panitia.sambungkan.href());
    expect(res.statusCode, res.body).toBe(200);
    expect(Answer.parse(res.json()).data).toEqual({
      alamat_aplikasi: 'https://ukt.lan',
      https: true,
      alamat_sertifikat_ca: 'http://ukt.lan/ukt-ca.crt',
    });
  });

  it('the default download is on plain http port 80 of the same host, whatever the https port', async () => {
    expect(await answerWith({ PUBLIC_URL: 'https://ukt.lan:8443' })).toEqual({
      alamat_aplikasi: 'https://ukt.lan:8443',
      https: true,
      alamat_sertifikat_ca: 'http://ukt.lan/ukt-ca.crt',
    });
  });

  it('CA_CERT_URL names another download, or none for a real domain certificate', async () => {
    expect(
      await answerWith({ PUBLIC_URL: 'https://ukt.lan:8443', CA_CERT_URL: 'http://192.168.1.10/ca.crt' }),
    ).toEqual({
      alamat_aplikasi: 'https://ukt.lan:8443',
      https: true,
      alamat_sertifikat_ca: 'http://192.168.1.10/ca.crt',
    });
    expect(await answerWith({ PUBLIC_URL: 'https://ukt.perguruan.or.id', CA_CERT_URL: 'none' })).toEqual({
      alamat_aplikasi: 'https://ukt.perguruan.or.id',
      https: true,
      alamat_sertifikat_ca: null,
    });
  });

  it('says when the address is not https, and offers no certificate then', async () => {
    expect(await answerWith({ HOST: '127.0.0.1', PORT: '3000' })).toEqual({
      alamat_aplikasi: 'http://127.0.0.1:3000',
      https: false,
      alamat_sertifikat_ca: null,
    });
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
