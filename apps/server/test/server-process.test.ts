import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server as `npm start` runs it: its own process, a new database, OTP codes in its output.
describe('server process', { timeout: 90_000 }, () => {
  let dir: string;
  let child: ChildProcess;
  let output = '';
  let base = '';

  // A busy machine (two suites side by side) can take long to start a process; the wait is generous.
  const waitForOutput = async (pattern: RegExp, ms = 60_000) => {
    const started = Date.now();
    while (!pattern.test(output)) {
      if (Date.now() - started > ms) throw new Error(`no ${pattern} in output:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return pattern.exec(output) as RegExpExecArray;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-proc-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: `sqlite:${join(dir, 'ukt.db')}`,
        OTP_DELIVERY: 'log',
        WEB_DIST: join(dir, 'none'),
      },
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    base = (await waitForOutput(/listening at (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
  }, 90_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with demo data, prints the demo OTP, logs in, and stops cleanly on SIGTERM', async () => {
    const send = await fetch(`${base}/uktNEW/api/auth/otp-login/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ no_wa: '6281100000001' }),
    });
    expect(send.status).toBe(200);
    const code = (await waitForOutput(/Kode OTP untuk 6281100000001: (\d{4})/))[1];
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

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses to start with an invalid configuration, naming the variable', async () => {
    const bad = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'abc', DATA_DIR: dir },
    });
    let text = '';
    bad.stderr?.on('data', (d) => {
      text += d;
    });
    const code = await new Promise<number | null>((resolve) => bad.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(text).toContain('PORT');
  });
});
