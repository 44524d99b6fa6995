import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app';
import { ConfigError, loadConfig } from '../../../src/config/env';
import { ADMIN, AGUS, SITI, testConfig } from '../../support/app';
import { type FakeGateway, fonnteKind, startFakeGateway } from '../../support/fake-gateway';

// The WhatsApp queue sends at the gateway's pace (docs/decisions/148): never two messages closer than
// WA_JEDA_DETIK apart, 2 s by default for Fonnte and Wablas (an ordinary WhatsApp number that a
// burst can get blocked), none for Meta's Cloud API. The pause is a lower bound, so the test holds on
// a busy machine too.

const TOKEN = 'tok-pace-1234567890';

describe('the WhatsApp pace', () => {
  let fake: FakeGateway | undefined;
  let app: FastifyInstance | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await app?.close();
    await fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    app = fake = dir = undefined;
  });

  it('leaves at least WA_JEDA_DETIK between two messages, however many wait', async () => {
    fake = await startFakeGateway(fonnteKind(TOKEN));
    dir = mkdtempSync(join(tmpdir(), 'ukt-wa-pace-'));
    const config = testConfig(dir, `sqlite:${join(dir, 'ukt.db')}`, {
      OTP_DELIVERY: 'fonnte',
      WA_TOKEN: TOKEN,
      WA_BASE_URL: fake.url,
      WA_JEDA_DETIK: '1',
    });
    app = await buildApp(config);
    const server = app;
    // Three examiners ask for a code at the same moment, from three phones.
    const answers = await Promise.all(
      [ADMIN, SITI, AGUS].map((noWa, i) =>
        server.inject({
          method: 'POST',
          url: '/uktNEW/api/auth/otp-login/1',
          payload: { no_wa: noWa },
          remoteAddress: `10.9.0.${i + 1}`,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const gateway = fake;
    await vi.waitFor(() => expect(gateway.received).toHaveLength(3), { timeout: 15_000 });
    expect(new Set(gateway.received.map((m) => m.to))).toEqual(new Set([ADMIN, SITI, AGUS]));
    const [first, second, third] = gateway.arrivals as [number, number, number];
    // The pause runs between the starts of two calls; at the gateway a first call that also opened
    // the connection arrives a little later than the next, so allow a fifth of it for that.
    expect(second - first).toBeGreaterThanOrEqual(800);
    expect(third - second).toBeGreaterThanOrEqual(800);
  });

  it('takes 2 s for Fonnte and Wablas and none for the Cloud API unless set, and refuses a bad value in Indonesian', () => {
    const base = { DATA_DIR: '/nonexistent/ukt-wa-pace', WA_TOKEN: TOKEN };
    expect(loadConfig({ ...base, OTP_DELIVERY: 'fonnte' }).wa?.pauseMs).toBe(2000);
    expect(
      loadConfig({ ...base, OTP_DELIVERY: 'wablas', WA_BASE_URL: 'https://tegal.wablas.com' }).wa?.pauseMs,
    ).toBe(2000);
    expect(
      loadConfig({
        ...base,
        OTP_DELIVERY: 'whatsapp-cloud',
        WA_CLOUD_PHONE_NUMBER_ID: '1234567890',
        WA_CLOUD_TEMPLATE: 'kode_login',
      }).wa?.pauseMs,
    ).toBe(0);
    expect(loadConfig({ ...base, OTP_DELIVERY: 'fonnte', WA_JEDA_DETIK: '0.5' }).wa?.pauseMs).toBe(500);
    expect(loadConfig({ ...base, OTP_DELIVERY: 'fonnte', WA_JEDA_DETIK: '0' }).wa?.pauseMs).toBe(0);
    for (const bad of ['dua', '-1', '61']) {
      expect(() => loadConfig({ ...base, OTP_DELIVERY: 'fonnte', WA_JEDA_DETIK: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, OTP_DELIVERY: 'fonnte', WA_JEDA_DETIK: bad })).toThrow(
        /WA_JEDA_DETIK/,
      );
    }
  });
});
