import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/env';
import type { WaGateway } from '../../../src/modules/whatsapp/gateway';
import { gatewayFor } from '../../../src/modules/whatsapp/gateway-choice';
import {
  cloudKind,
  type FakeGateway,
  type FakeMode,
  fonnteKind,
  httpKind,
  startFakeGateway,
  wablasKind,
} from '../../support/fake-gateway';

// Each gateway's sender against a local fake that takes only the documented request shape and
// answers as the gateway documents it: taken, refused, invalid token, spent quota, fault, silence.

const TOKEN = 'tok-RAHASIA-8f3a91c2';
const SECRET_KEY = 'sk-RAHASIA-77d1';
const API_KEY = 'key-RAHASIA-5b20e4';
const TO = '6281100000001';
const message = { to: TO, text: 'Kode OTP UKT Penguji Anda: 4821. Berlaku 5 menit.', code: '4821' };

interface Case {
  kind: string;
  start: () => Promise<FakeGateway>;
  env: (url: string) => Record<string, string>;
  /** What the fake must have received for the message. */
  received: Record<string, string>;
  /** What each failing answer's reason says (besides never showing the credentials). */
  reasons: Record<Exclude<FakeMode, 'ok'>, RegExp>;
}

const CASES: Case[] = [
  {
    kind: 'fonnte',
    start: () => startFakeGateway(fonnteKind(TOKEN)),
    env: (url) => ({ OTP_DELIVERY: 'fonnte', WA_TOKEN: TOKEN, WA_BASE_URL: url }),
    received: { to: TO, text: message.text },
    reasons: {
      refuse: /^Fonnte menolak pesan: target invalid$/,
      token: /Fonnte menolak token \(invalid token: \*\*\*\).*WA_TOKEN/,
      quota: /kuota atau paket Fonnte habis \(insufficient quota\)/,
      '5xx': /gateway sedang bermasalah \(HTTP 502\)/,
      timeout: /gateway tidak menjawab dalam 1 detik/,
    },
  },
  {
    kind: 'wablas',
    start: () => startFakeGateway(wablasKind(TOKEN, SECRET_KEY)),
    env: (url) => ({ OTP_DELIVERY: 'wablas', WA_TOKEN: TOKEN, WA_SECRET_KEY: SECRET_KEY, WA_BASE_URL: url }),
    received: { to: TO, text: message.text },
    reasons: {
      refuse: /Wablas menolak pesan: phone number not registered on whatsapp/,
      token: /Wablas menolak token \(token invalid\).*WA_TOKEN dan WA_SECRET_KEY/,
      quota: /kuota atau paket Wablas habis \(quota limit exceeded\)/,
      '5xx': /gateway sedang bermasalah \(HTTP 500\)/,
      timeout: /gateway tidak menjawab dalam 1 detik/,
    },
  },
  {
    kind: 'whatsapp-cloud',
    start: () => startFakeGateway(cloudKind(TOKEN, '109876543210', 'kode_login', 'id')),
    env: (url) => ({
      OTP_DELIVERY: 'whatsapp-cloud',
      WA_TOKEN: TOKEN,
      WA_BASE_URL: url,
      WA_CLOUD_PHONE_NUMBER_ID: '109876543210',
      WA_CLOUD_TEMPLATE: 'kode_login',
    }),
    received: { to: TO, code: '4821' },
    reasons: {
      refuse:
        /template "kode_login" bahasa id tidak cocok atau belum disetujui \(Template name does not exist.*kode 132001\)/,
      token: /WhatsApp Cloud API menolak token \(Error validating access token.*kode 190\).*WA_TOKEN/,
      quota:
        /pembayaran akun WhatsApp Business bermasalah \(Business eligibility payment issue \(kode 131042\)\)/,
      '5xx': /gateway sedang bermasalah \(HTTP 500\)/,
      timeout: /gateway tidak menjawab dalam 1 detik/,
    },
  },
  {
    kind: 'http',
    start: () => startFakeGateway(httpKind(API_KEY)),
    env: (url) => ({
      OTP_DELIVERY: 'http',
      WA_HTTP_URL: `${url}/kirim`,
      WA_HTTP_HEADERS: JSON.stringify({ 'X-Api-Key': API_KEY }),
      WA_HTTP_BODY: '{"number":"{to}","message":"{text}","otp":"{code}"}',
      WA_HTTP_OK_FIELD: 'success',
      WA_HTTP_OK_VALUE: 'true',
    }),
    received: { to: TO, text: message.text, code: '4821' },
    reasons: {
      refuse: /gateway tidak menyatakan pesan diterima \(success bukan true\): nomor diblokir/,
      token: /token ditolak gateway.*invalid api key.*WA_HTTP_HEADERS/,
      quota: /gateway menolak pesan \(HTTP 402\): saldo habis/,
      '5xx': /gateway sedang bermasalah \(HTTP 503\): maintenance/,
      timeout: /gateway tidak menjawab dalam 1 detik/,
    },
  },
];

describe.each(CASES)('$kind gateway against its fake', (c) => {
  let fake: FakeGateway;
  let gateway: WaGateway;
  beforeAll(async () => {
    fake = await c.start();
    const config = loadConfig({ ...c.env(fake.url), WA_TIMEOUT_SECONDS: '1' });
    gateway = gatewayFor(config.wa as NonNullable<typeof config.wa>);
  });
  afterAll(async () => fake.close());

  it('sends the documented request and reports the message taken', async () => {
    fake.mode = 'ok';
    const result = await gateway.send(message);
    expect(fake.malformed).toEqual([]);
    expect(result.ok).toBe(true);
    expect(fake.received.at(-1)).toMatchObject(c.received);
  });

  it.each([
    ['refuse', false],
    ['token', false],
    ['quota', false],
    ['5xx', true],
    ['timeout', true],
  ] as const)(
    'answers %s with its reason, retried only when it may pass (%s), never showing a credential',
    async (mode, retry) => {
      fake.mode = mode;
      const result = await gateway.send(message);
      expect(fake.malformed).toEqual([]);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.reason).toMatch(c.reasons[mode]);
      expect(result.retry).toBe(retry);
      for (const secret of [TOKEN, SECRET_KEY, API_KEY]) expect(result.reason).not.toContain(secret);
    },
  );
});

describe('gateway settings', () => {
  const fails = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig took the settings');
  };

  it('names the missing key and what to write, in Indonesian', () => {
    expect(fails({ OTP_DELIVERY: 'fonnte' })).toContain(
      'WA_TOKEN: wajib diisi bila OTP_DELIVERY=fonnte; salin token perangkat dari fonnte.com (menu Device), lalu tulis dengan npm run ukt -- atur WA_TOKEN=TOKEN',
    );
    expect(fails({ OTP_DELIVERY: 'wablas', WA_TOKEN: 'x' })).toContain(
      'WA_BASE_URL: wajib diisi bila OTP_DELIVERY=wablas',
    );
    const cloud = fails({ OTP_DELIVERY: 'whatsapp-cloud', WA_TOKEN: 'x' });
    expect(cloud).toContain('WA_CLOUD_PHONE_NUMBER_ID: wajib diisi');
    expect(cloud).toContain('WA_CLOUD_TEMPLATE: wajib diisi');
    expect(fails({ OTP_DELIVERY: 'http' })).toContain('WA_HTTP_URL: wajib diisi bila OTP_DELIVERY=http');
  });

  it('refuses an unknown gateway, a bad address and bad headers without quoting the value', () => {
    expect(fails({ OTP_DELIVERY: 'woowa' })).toContain(
      'OTP_DELIVERY: OTP_DELIVERY harus salah satu dari: log, file, webhook, fonnte, wablas, whatsapp-cloud, http',
    );
    expect(fails({ OTP_DELIVERY: 'fonnte', WA_TOKEN: 'x', WA_BASE_URL: 'api.fonnte.com' })).toContain(
      'WA_BASE_URL: WA_BASE_URL harus alamat http:// atau https://',
    );
    const headers = fails({
      OTP_DELIVERY: 'http',
      WA_HTTP_URL: 'https://g.contoh/kirim',
      WA_HTTP_HEADERS: 'Bearer rahasia-123',
    });
    expect(headers).toContain('WA_HTTP_HEADERS harus JSON');
    expect(headers).not.toContain('rahasia-123');
  });

  it('defaults each gateway to its published address', () => {
    const fonnte = loadConfig({ OTP_DELIVERY: 'fonnte', WA_TOKEN: 'x' }).wa;
    expect(fonnte).toMatchObject({ gateway: 'fonnte', baseUrl: 'https://api.fonnte.com', timeoutMs: 15_000 });
    const cloud = loadConfig({
      OTP_DELIVERY: 'whatsapp-cloud',
      WA_TOKEN: 'x',
      WA_CLOUD_PHONE_NUMBER_ID: '1234567',
      WA_CLOUD_TEMPLATE: 'kode_login',
    }).wa;
    expect(cloud).toMatchObject({
      baseUrl: 'https://graph.facebook.com',
      apiVersion: 'v21.0',
      language: 'id',
    });
    expect(loadConfig({}).wa).toBeUndefined();
  });
});

describe('generic gateway by GET, its key in the address', () => {
  const KEY = 'qkey-RAHASIA-4242';
  let server: Server;
  let url = '';
  const seen: URL[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      seen.push(u);
      const ok = req.method === 'GET' && u.pathname === '/kirim' && u.searchParams.get('key') === KEY;
      res
        .writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
        .end(JSON.stringify(ok ? { ok: 1 } : { message: `key ${u.searchParams.get('key')} invalid` }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const gatewayWith = (key: string) =>
    gatewayFor(
      loadConfig({
        OTP_DELIVERY: 'http',
        WA_HTTP_METHOD: 'GET',
        WA_HTTP_URL: `${url}/kirim?key=${key}&to={to}&msg={text}`,
        WA_HTTP_OK_FIELD: 'ok',
      }).wa as NonNullable<ReturnType<typeof loadConfig>['wa']>,
    );

  it('fills the address with the number and the text, URL-encoded', async () => {
    const result = await gatewayWith(KEY).send({ to: TO, text: 'Kode 12 & 34?' });
    expect(result.ok).toBe(true);
    expect(seen.at(-1)?.searchParams.get('to')).toBe(TO);
    expect(seen.at(-1)?.searchParams.get('msg')).toBe('Kode 12 & 34?');
  });

  it('blanks the key out of a refusal that echoes it', async () => {
    const wrong = 'qkey-SALAH-000000';
    const result = await gatewayWith(wrong).send({ to: TO, text: 'x' });
    expect(result).toMatchObject({ ok: false, retry: false });
    if (result.ok) return;
    expect(result.reason).toContain('key *** invalid');
    expect(result.reason).not.toContain(wrong);
  });
});
