import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run';
import { loadConfig } from '../../../src/config/env';
import { type FakeGateway, fonnteKind, startFakeGateway } from '../../support/fake-gateway';
import { freePort } from '../../support/server-process';

// `npm run ukt -- wa test 0812…`: one real message through the configured gateway (here Fonnte's
// fake), and a plain Indonesian answer whether the gateway took it and, if not, why.

const TOKEN = 'tok-RAHASIA-cli-998877';

describe('ukt wa test', () => {
  let fake: FakeGateway;
  beforeAll(async () => {
    fake = await startFakeGateway(fonnteKind(TOKEN));
  });
  afterAll(async () => fake.close());

  const waTest = async (env: Record<string, string>, number = '0811-0000-0001') => {
    const out: string[] = [];
    const err: string[] = [];
    const config = loadConfig({ DATA_DIR: '/nonexistent/ukt-wa', WA_TIMEOUT_SECONDS: '1', ...env });
    const code = await runCli(['wa', 'test', number], config, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const fonnte = { OTP_DELIVERY: 'fonnte', WA_TOKEN: TOKEN };

  it('sends one message and says the gateway took it', async () => {
    fake.mode = 'ok';
    const before = fake.received.length;
    const { code, out, err } = await waTest({ ...fonnte, WA_BASE_URL: fake.url });
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toContain('Terkirim: gateway fonnte menerima pesan uji untuk 6281100000001 (id 80367170).');
    expect(fake.received.slice(before)).toHaveLength(1);
    const sent = fake.received.at(-1);
    expect(sent?.to).toBe('6281100000001');
    expect(sent?.text).toMatch(/^Pesan uji UKT Penguji: gateway WhatsApp fonnte tersambung\. Kode uji \d{4}/);
    expect(fake.malformed).toEqual([]);
  });

  it.each([
    [
      'token',
      'Fonnte menolak token (invalid token: ***); salin lagi token perangkat dari fonnte.com ke WA_TOKEN',
      'Perbaiki pengaturannya',
    ],
    ['quota', 'kuota atau paket Fonnte habis (insufficient quota)', 'Perbaiki pengaturannya'],
    ['timeout', 'gateway tidak menjawab dalam 1 detik', 'coba lagi beberapa menit lagi'],
  ] as const)('says why not when the gateway answers %s, without the token', async (mode, reason, advice) => {
    fake.mode = mode;
    const { code, out, err } = await waTest({ ...fonnte, WA_BASE_URL: fake.url });
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain(`Gagal: gateway fonnte tidak menerima pesan uji untuk 6281100000001: ${reason}`);
    expect(err).toContain(advice);
    expect(err).not.toContain(TOKEN);
  });

  it('says when no gateway can be reached at all', async () => {
    const { code, err } = await waTest({ ...fonnte, WA_BASE_URL: `http://127.0.0.1:${await freePort()}` });
    expect(code).toBe(1);
    expect(err).toContain(
      'gateway tidak dapat dihubungi (ECONNREFUSED): periksa sambungan internet server dan alamat gateway',
    );
  });

  it('says what to set when no gateway is chosen, and refuses a wrong number', async () => {
    const none = await waTest({});
    expect(none.code).toBe(1);
    expect(none.err).toBe(
      'OTP_DELIVERY=log: belum ada gateway WhatsApp yang diatur. Atur dulu, misalnya npm run ukt -- atur OTP_DELIVERY=fonnte WA_TOKEN=TOKEN (lihat docs/whatsapp.md).',
    );
    const wrong = await waTest({ ...fonnte, WA_BASE_URL: fake.url }, '12345');
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('Nomor WhatsApp 12345 terlalu pendek: nomor HP Indonesia 10 sampai 13 angka');
    const landline = await waTest({ ...fonnte, WA_BASE_URL: fake.url }, '021-5551234');
    expect(landline.err).toContain('Nomor WhatsApp 021-5551234 bukan nomor HP: nomor telepon rumah');
  });
});
