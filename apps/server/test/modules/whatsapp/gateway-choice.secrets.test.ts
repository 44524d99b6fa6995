import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../support/app';
import { type FakeGateway, fonnteKind, startFakeGateway } from '../../support/fake-gateway';
import { runToExit, type ServerProcess, startServer } from '../../support/server-process';

// A gateway's token never shows: not in the server's own output when the gateway refuses it, not
// in a start refused for a missing setting. The server runs as a process, as at a venue.

const TOKEN = 'tok-RAHASIA-log-31415926';

describe('WhatsApp credentials in the server output', () => {
  let dir: string;
  let fake: FakeGateway;
  let server: ServerProcess;
  let base = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-wa-log-'));
    fake = await startFakeGateway(fonnteKind(TOKEN));
    fake.mode = 'token';
    server = startServer({
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: `sqlite:${join(dir, 'ukt.db')}`,
        UKT_DEMO: '1',
        WEB_DIST: join(dir, 'none'),
        LOG_LEVEL: 'debug',
        OTP_DELIVERY: 'fonnte',
        WA_TOKEN: TOKEN,
        WA_BASE_URL: fake.url,
      },
    });
    base = await server.listening();
  }, 90_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs a refused token with the gateway reason and without the token', async () => {
    const res = await fetch(`${base}/uktNEW/api/auth/otp-login/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ no_wa: ADMIN }),
    });
    expect(res.status).toBe(200);
    const answer = await res.text();
    await server.waitFor(/Pesan WhatsApp gagal terkirim/);
    expect(fake.received.at(-1)?.to).toBe(ADMIN);
    expect(server.output).toContain('Fonnte menolak token (invalid token: ***)');
    expect(server.output).not.toContain(TOKEN);
    expect(answer).not.toContain(TOKEN);
  });

  it('refuses to start without a token, naming the key, not any value', async () => {
    const bad = await runToExit({
      env: {
        DATA_DIR: dir,
        DATABASE_URL: `sqlite:${join(dir, 'other.db')}`,
        OTP_DELIVERY: 'wablas',
        WA_SECRET_KEY: TOKEN,
      },
    });
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('WA_TOKEN: wajib diisi bila OTP_DELIVERY=wablas');
    expect(bad.output).toContain('WA_BASE_URL: wajib diisi bila OTP_DELIVERY=wablas');
    expect(bad.output).not.toContain(TOKEN);
  });
});
