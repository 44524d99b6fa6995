import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToExit, type ServerProcess, startServer } from '../support/server-process';

// The server as `npm start` runs it: its own process, a new database, OTP codes in its output.
describe('server process', { timeout: 90_000 }, () => {
  let dir: string;
  let server: ServerProcess;
  let base = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-proc-'));
    server = startServer({
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: `sqlite:${join(dir, 'ukt.db')}`,
        OTP_DELIVERY: 'log',
        WEB_DIST: join(dir, 'none'),
      },
    });
    base = await server.listening();
  }, 90_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with demo data, prints the demo OTP, logs in, and stops cleanly on SIGTERM', async () => {
    const send = await fetch(`${base}/uktNEW/api/auth/otp-login/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ no_wa: '6281100000001' }),
    });
    expect(send.status).toBe(200);
    const code = (await server.waitFor(/Kode OTP untuk 6281100000001: (\d{4})/))[1];
    const verify = await fetch(`${base}/uktNEW/api/auth/otp-login/cek/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ no_wa: '6281100000001', kode: code }),
    });
    const login = (await verify.json()) as { token: string };
    expect(login).toMatchObject({ success: true, data: [{ nama_dpt: 'Budi Santoso', panitia: 'Admin' }] });
    const events = await fetch(`${base}/uktNEW/api/DataSiswa/UKT`, {
      headers: { 'access-token': login.token },
    });
    expect(((await events.json()) as { data: unknown[] }).data).toHaveLength(2);

    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('refuses to start with an invalid configuration, naming the variable', async () => {
    const bad = await runToExit({ env: { PORT: 'abc', DATA_DIR: dir } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('PORT');
  });
});
