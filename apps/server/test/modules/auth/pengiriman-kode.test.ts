import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OtpLoginResult, PENGIRIMAN_TEKS } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app';
import { WA_GANGGUAN_MS } from '../../../src/modules/whatsapp/wa-queue.service';
import { ADMIN, AGUS, DATABASES, freshSchema, SITI, startApp, testConfig } from '../../support/app';
import { type FakeGateway, fonnteKind, startFakeGateway } from '../../support/fake-gateway';
import { waQueueDriver } from '../../support/wa-queue';

// What the login answer says of the code's way (docs/decisions/155): without a gateway the code
// is on the committee's laptop; through a gateway it is WhatsApp, and WhatsApp failing once the
// gateway's last tries failed for two numbers. Never the number's own business: a known and an
// unknown number get the same answer in every case.

const TOKEN = 'tok-RAHASIA-pengiriman-1234';
const MIN = 60_000;
const UNKNOWN = '6289999999998';

describe.each(DATABASES)('where the login answer says the code goes, on %s', (kind) => {
  it('without a gateway: on the laptop, for a known and an unknown number alike', async () => {
    for (const delivery of ['log', 'file']) {
      const t = await startApp(kind, { OTP_DELIVERY: delivery });
      try {
        const send = (no_wa: string) =>
          t.app.inject({ method: 'POST', url: '/uktNEW/api/auth/otp-login/1', payload: { no_wa } });
        const known = await send(SITI);
        const unknown = await send(UNKNOWN);
        expect(OtpLoginResult.parse(known.json())).toEqual({
          success: true,
          message: PENGIRIMAN_TEKS.laptop.pesan,
          pengiriman: 'laptop',
        });
        expect(unknown.body).toBe(known.body);
        // Only the known number's code was made for the laptop window.
        expect(t.outbox.map((m) => m.to)).toEqual([SITI]);
      } finally {
        await t.close();
      }
    }
  });

  describe('through a gateway', () => {
    let fake: FakeGateway;
    let dir: string;
    let dropSchema: (() => Promise<void>) | undefined;
    let app: FastifyInstance;
    let now = Date.now();

    beforeAll(async () => {
      fake = await startFakeGateway(fonnteKind(TOKEN));
      dir = mkdtempSync(join(tmpdir(), 'ukt-pengiriman-'));
      let pgSchema: string | undefined;
      if (kind === 'postgres') {
        const schema = await freshSchema(process.env.TEST_DATABASE_URL as string);
        pgSchema = schema.schema;
        dropSchema = schema.drop;
      }
      const databaseUrl =
        kind === 'sqlite' ? `sqlite:${join(dir, 'ukt.db')}` : (process.env.TEST_DATABASE_URL as string);
      const config = testConfig(dir, databaseUrl, {
        OTP_DELIVERY: 'fonnte',
        WA_TOKEN: TOKEN,
        WA_BASE_URL: fake.url,
        WA_TIMEOUT_SECONDS: '1',
        WA_JEDA_DETIK: '0',
        UKT_DEMO: '1',
      });
      app = await buildApp(config, { clock: () => now, pgSchema });
    });
    afterAll(async () => {
      await app.close();
      await fake.close();
      await dropSchema?.();
      rmSync(dir, { recursive: true, force: true });
    });

    // Each case starts an hour on: every number's five codes an hour are there again.
    beforeEach(() => {
      now += 61 * MIN;
    });

    const { send, lastId, lastOf, newest } = waQueueDriver(() => app, '10.2.0.1');
    /** A known and an unknown number asked for a code: both answers, which must be the same. */
    const both = async () => {
      now += 2 * MIN;
      const after = await lastId();
      const known = await send(ADMIN);
      const unknown = await send(UNKNOWN);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      // The known number's code is tried before the next case changes the gateway's mode: tried
      // later, under the next mode, it would count as that mode's failure.
      await vi.waitFor(async () => {
        const row = await lastOf(ADMIN);
        expect(row.id).toBeGreaterThan(after);
        expect(row.status).not.toBe('antre');
      });
      return OtpLoginResult.parse(known.json());
    };
    /** A code to `noWa` through the gateway in its current mode, waited for until it has an outcome. */
    const tried = async (noWa: string, state: Record<string, unknown>) => {
      now += 2 * MIN;
      const after = await lastId();
      expect((await send(noWa)).statusCode).toBe(200);
      await newest(noWa, after, state);
    };

    it('says WhatsApp while the gateway takes the messages', async () => {
      fake.mode = 'ok';
      await tried(SITI, { status: 'terkirim' });
      expect(await both()).toEqual({
        success: true,
        message: 'Kode OTP telah dikirimkan ke nomor HP Anda',
        pengiriman: 'whatsapp',
      });
    });

    it('one number the gateway refuses says nothing of the gateway (nor that the number is known)', async () => {
      fake.mode = 'refuse';
      await tried(SITI, { status: 'gagal' });
      expect((await both()).pengiriman).toBe('whatsapp');
    });

    it('says WhatsApp is failing once tries for two numbers failed, and what to do', async () => {
      fake.mode = 'token';
      await tried(SITI, { status: 'gagal' });
      await tried(AGUS, { status: 'gagal' });
      expect(await both()).toEqual({
        success: true,
        message:
          'Kode OTP dikirim lewat WhatsApp, tetapi pengiriman WhatsApp sedang gangguan. Bila kode tidak datang dalam 1 menit, minta kartu login atau tautan login ke panitia.',
        pengiriman: 'whatsapp-gangguan',
      });
    });

    it('says WhatsApp again once the gateway takes a message, or when the failures are old', async () => {
      fake.mode = 'ok';
      await tried(SITI, { status: 'terkirim' });
      expect((await both()).pengiriman).toBe('whatsapp');

      fake.mode = 'token';
      await tried(SITI, { status: 'gagal' });
      await tried(AGUS, { status: 'gagal' });
      expect((await both()).pengiriman).toBe('whatsapp-gangguan');
      now += WA_GANGGUAN_MS;
      expect((await both()).pengiriman).toBe('whatsapp');
    });
  });
});
