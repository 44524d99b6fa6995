import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app';
import { WA_RETRY_DELAYS_MS } from '../../../src/modules/whatsapp/wa-queue.service';
import { ADMIN, AGUS, DATABASES, freshSchema, SITI, testConfig } from '../../support/app';
import { type FakeGateway, fonnteKind, startFakeGateway } from '../../support/fake-gateway';
import { waQueueDriver } from '../../support/wa-queue';

// Login codes through a gateway (Fonnte's fake): queued in wa_pesan, sent by the server after the
// answer, tried again with pauses, given up with a reason, kept across a restart, never kept
// usable past the code's life; the login answer is the same for a known and an unknown number.

const TOKEN = 'tok-RAHASIA-outbox-1234';
const MIN = 60_000;

describe.each(DATABASES)('WhatsApp queue on %s', (kind) => {
  let fake: FakeGateway;
  let dir: string;
  let dropSchema: (() => Promise<void>) | undefined;
  let pgSchema: string | undefined;
  let app: FastifyInstance;
  let now = Date.now();

  const start = async () => {
    const databaseUrl =
      kind === 'sqlite' ? `sqlite:${join(dir, 'ukt.db')}` : (process.env.TEST_DATABASE_URL as string);
    const config = testConfig(dir, databaseUrl, {
      OTP_DELIVERY: 'fonnte',
      WA_TOKEN: TOKEN,
      WA_BASE_URL: fake.url,
      WA_TIMEOUT_SECONDS: '1',
      // The clock here is the test's; the pace between messages has its own test below.
      WA_JEDA_DETIK: '0',
    });
    app = await buildApp(config, { clock: () => now, pgSchema });
  };

  beforeAll(async () => {
    fake = await startFakeGateway(fonnteKind(TOKEN));
    dir = mkdtempSync(join(tmpdir(), 'ukt-wa-'));
    if (kind === 'postgres') {
      const schema = await freshSchema(process.env.TEST_DATABASE_URL as string);
      pgSchema = schema.schema;
      dropSchema = schema.drop;
    }
    await start();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await dropSchema?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const { send, check, lastOf, lastId, newest } = waQueueDriver(() => app, '10.1.0.1');
  const runDue = () => app.waQueue?.runDue();
  const next = () => {
    now += 2 * MIN; // past the resend wait of every number
  };

  it('sends a code through the gateway after answering; it signs in, and the table keeps no usable code', async () => {
    fake.mode = 'ok';
    next();
    const after = await lastId();
    const res = await send(SITI);
    expect(res.json()).toEqual({
      success: true,
      message: 'Kode OTP telah dikirimkan ke nomor HP Anda',
      pengiriman: 'whatsapp',
    });
    await newest(SITI, after, { status: 'terkirim' });
    const sent = fake.received.filter((m) => m.to === SITI).at(-1);
    const code = /Kode OTP UKT Penguji Anda: (\d{4})/.exec(sent?.text ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{4}$/);
    expect((await check(SITI, code)).statusCode).toBe(200);
    const row = await lastOf(SITI);
    expect(row).toMatchObject({
      jenis: 'otp',
      percobaan: 1,
      isi: null,
      kode: null,
      alasan: null,
      gateway: 'fonnte',
    });
    expect(row.id_pemilih).toEqual(expect.any(Number));
    expect(fake.malformed).toEqual([]);
  });

  it('answers a known and an unknown number alike while the gateway is slow, and sends only to the known one', async () => {
    fake.mode = 'ok';
    fake.hold = true;
    next();
    const before = fake.received.length;
    const after = await lastId();
    const known = await send(ADMIN, '10.1.0.2');
    const unknown = await send('6289999999999', '10.1.0.2');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // Both answers are in while the gateway still holds the known number's message.
    await vi.waitFor(() => expect(fake.received.length).toBe(before + 1));
    expect(fake.received.at(-1)?.to).toBe(ADMIN);
    await newest(ADMIN, after, { status: 'antre' });
    fake.release();
    await newest(ADMIN, after, { status: 'terkirim' });
    const unknownRows = await app.db
      .selectFrom('wa_pesan')
      .select('id')
      .where('no_wa', '=', '6289999999999')
      .execute();
    expect(unknownRows).toEqual([]);
  });

  it('tries a failing gateway again after each pause, then gives up with the reason and empties the message', async () => {
    fake.mode = '5xx';
    next();
    const before = fake.received.length;
    const after = await lastId();
    await send(AGUS);
    let row = await newest(AGUS, after, { percobaan: 1 });
    expect(row).toMatchObject({
      status: 'antre',
      alasan: 'gateway sedang bermasalah (HTTP 502): bad gateway',
    });
    expect(row.isi).toContain('Kode OTP');
    // Not before the pause is over.
    await runDue();
    expect(fake.received.length).toBe(before + 1);
    for (const [i, delay] of WA_RETRY_DELAYS_MS.entries()) {
      now += delay;
      await runDue();
      row = await lastOf(AGUS);
      expect(row.percobaan).toBe(i + 2);
    }
    expect(fake.received.length).toBe(before + 4);
    expect(row).toMatchObject({
      status: 'gagal',
      isi: null,
      kode: null,
      alasan: 'gateway sedang bermasalah (HTTP 502): bad gateway',
    });
    now += 10 * MIN;
    await runDue();
    expect(fake.received.length).toBe(before + 4);
  });

  it('gives up at once on a refused token, saying so without the token', async () => {
    fake.mode = 'token';
    next();
    const after = await lastId();
    await send(SITI, '10.1.0.3');
    const row = await newest(SITI, after, { status: 'gagal' });
    expect(row.percobaan).toBe(1);
    expect(row.alasan).toContain('Fonnte menolak token (invalid token: ***)');
    expect(row.alasan).not.toContain(TOKEN);
  });

  it('never sends a code whose 5 minutes passed while it waited', async () => {
    fake.mode = '5xx';
    next();
    const after = await lastId();
    await send(ADMIN, '10.1.0.4');
    await newest(ADMIN, after, { percobaan: 1 });
    const tries = fake.received.length;
    fake.mode = 'ok';
    now += 5 * MIN + 1000;
    await runDue();
    const row = await lastOf(ADMIN);
    expect(row).toMatchObject({ status: 'gagal', isi: null, kode: null });
    expect(row.alasan).toMatch(/kode kedaluwarsa sebelum terkirim$/);
    expect(fake.received.length).toBe(tries);
  });

  it('keeps a waiting message across a restart and sends it from the next start', async () => {
    fake.mode = '5xx';
    next();
    const after = await lastId();
    await send(AGUS, '10.1.0.5');
    const { id } = await newest(AGUS, after, { percobaan: 1 });
    await app.close();
    fake.mode = 'ok';
    now += WA_RETRY_DELAYS_MS[0];
    await start();
    await runDue();
    const row = await lastOf(AGUS);
    expect(row).toMatchObject({ id, status: 'terkirim', percobaan: 2, isi: null });
    expect(fake.received.at(-1)?.to).toBe(AGUS);
  });
});
