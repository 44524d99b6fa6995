import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app';
import { WA_RETRY_DELAYS_MS } from '../../../src/modules/whatsapp/wa-queue.service';
import { sendWaTest } from '../../../src/modules/whatsapp/wa-test.service';
import { ADMIN, AGUS, DATABASES, freshSchema, SITI, testConfig } from '../../support/app';
import { type FakeGateway, startFakeGateway, webhookKind } from '../../support/fake-gateway';
import { waQueueDriver } from '../../support/wa-queue';

// OTP_DELIVERY=webhook goes through the same queue as the gateways (docs/whatsapp.md): the
// relay still gets POST {to, text} as JSON, and each message has a state in wa_pesan, is tried
// again after a failure, and shows in the console; the relay's key in its address never shows.

const KEY = 'relay-RAHASIA-5678';
const PATH = `/relay/kirim?key=${KEY}`;
const MIN = 60_000;

describe.each(DATABASES)('the webhook relay through the WhatsApp queue on %s', (kind) => {
  let fake: FakeGateway;
  let dir: string;
  let dropSchema: (() => Promise<void>) | undefined;
  let pgSchema: string | undefined;
  let app: FastifyInstance;
  let config: ReturnType<typeof testConfig>;
  let now = Date.now();

  beforeAll(async () => {
    fake = await startFakeGateway(webhookKind(PATH));
    dir = mkdtempSync(join(tmpdir(), 'ukt-wa-webhook-'));
    if (kind === 'postgres') {
      const schema = await freshSchema(process.env.TEST_DATABASE_URL as string);
      pgSchema = schema.schema;
      dropSchema = schema.drop;
    }
    const databaseUrl =
      kind === 'sqlite' ? `sqlite:${join(dir, 'ukt.db')}` : (process.env.TEST_DATABASE_URL as string);
    config = testConfig(dir, databaseUrl, {
      OTP_DELIVERY: 'webhook',
      OTP_WEBHOOK_URL: `${fake.url}${PATH}`,
    });
    app = await buildApp(config, { clock: () => now, pgSchema });
  });
  afterAll(async () => {
    await app?.close();
    await fake.close();
    await dropSchema?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const { send, check, lastOf, lastId, newest } = waQueueDriver(() => app, '10.2.0.1');
  const next = () => {
    now += 2 * MIN;
  };

  it('posts {to, text} to the relay after answering, with the state kept; the code signs in', async () => {
    fake.mode = 'ok';
    next();
    const after = await lastId();
    const res = await send(SITI);
    expect(res.json()).toEqual({
      success: true,
      message: 'Kode OTP telah dikirimkan ke nomor HP Anda',
      pengiriman: 'whatsapp',
    });
    const row = await newest(SITI, after, { status: 'terkirim' });
    expect(row).toMatchObject({ gateway: 'webhook', jenis: 'otp', percobaan: 1, kode: null, isi: null });
    const text = fake.received.filter((m) => m.to === SITI).at(-1)?.text ?? '';
    const code = /Kode OTP UKT Penguji Anda: (\d{4})/.exec(text)?.[1] as string;
    expect((await check(SITI, code)).statusCode).toBe(200);
    expect(fake.malformed).toEqual([]);
  });

  it('answers a known and an unknown number alike and sends only to the known one', async () => {
    fake.mode = 'ok';
    fake.hold = true;
    next();
    const before = fake.received.length;
    const known = await send(ADMIN, '10.2.0.2');
    const unknown = await send('6289999999998', '10.2.0.2');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await vi.waitFor(() => expect(fake.received.length).toBe(before + 1));
    fake.release();
    expect(fake.received.at(-1)?.to).toBe(ADMIN);
  });

  it('tries a busy relay again after the pause, and sends it then', async () => {
    fake.mode = '5xx';
    next();
    const after = await lastId();
    const before = fake.received.length;
    await send(AGUS, '10.2.0.3');
    const row = await newest(AGUS, after, { status: 'antre', percobaan: 1 });
    expect(row.alasan).toBe('gateway sedang bermasalah (HTTP 503): relay sedang sibuk');
    fake.mode = 'ok';
    now += WA_RETRY_DELAYS_MS[0];
    await app.waQueue?.runDue();
    expect(await lastOf(AGUS)).toMatchObject({ status: 'terkirim', percobaan: 2, alasan: null });
    expect(fake.received.length).toBe(before + 2);
  });

  it('gives up at once on a refusal, with the reason the console shows and never the relay key', async () => {
    fake.mode = 'token';
    next();
    const after = await lastId();
    await send(SITI, '10.2.0.4');
    const row = await newest(SITI, after, { status: 'gagal', percobaan: 1 });
    expect(row.alasan).toMatch(/^token ditolak gateway .*periksa OTP_WEBHOOK_URL$/);
    expect(row.alasan).toContain('key=***');
    expect(row.alasan).not.toContain(KEY);

    fake.mode = 'refuse';
    next();
    const after2 = await lastId();
    await send(AGUS, '10.2.0.5');
    const refused = await newest(AGUS, after2, { status: 'gagal', percobaan: 1 });
    expect(refused.alasan).toBe('webhook menolak pesan (HTTP 400): nomor tidak dikenal');
  });

  it('`ukt wa test` sends one message through the relay and says whether it took it', async () => {
    fake.mode = 'ok';
    const ok = await sendWaTest(config, '081234567890');
    expect(ok.ok).toBe(true);
    expect(ok.lines[0]).toBe('Terkirim: gateway webhook menerima pesan uji untuk 6281234567890.');
    expect(fake.received.at(-1)?.to).toBe('6281234567890');
    fake.mode = 'refuse';
    const no = await sendWaTest(config, '081234567890');
    expect(no.ok).toBe(false);
    expect(no.lines[0]).toContain('webhook menolak pesan (HTTP 400): nomor tidak dikenal');
  });
});
