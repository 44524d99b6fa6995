import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, nodeArgs, type ServerProcess, startServer } from '../support/server-process';
import { fillDisk, freeDisk, onSmallDisk } from '../support/small-disk';

// A full disk on a running server (DESIGN §14): the database and DATA_DIR live on a 24 MB small disk
// of the server's own (support/small-disk.ts), which the test fills from outside.

describe('a full disk', { timeout: 90_000 }, () => {
  let outside: string;
  let mount: string;
  let server: ServerProcess;
  let base: string;

  beforeAll(async () => {
    outside = mkdtempSync(join(tmpdir(), 'ukt-disk-'));
    mount = mkdtempSync(join(tmpdir(), 'ukt-disk-mnt-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}/uktNEW/api`;
    server = startServer({
      command: onSmallDisk({ at: mount, sizeMb: 24 }, [process.execPath, ...nodeArgs('src/server.ts')]),
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: mount,
        DATABASE_URL: `sqlite:${join(mount, 'ukt.db')}`,
        WEB_DIST: join(outside, 'none'),
        OTP_DELIVERY: 'file',
        OTP_OUTBOX: join(outside, 'otp.jsonl'),
        MIN_FREE_DISK_MB: '2',
        LOG_LEVEL: 'info',
      },
    });
    await server.listening();
  }, 90_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(outside, { recursive: true, force: true });
    rmSync(mount, { recursive: true, force: true });
  });

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      json: (await res.json()) as { message?: string; token?: string; data?: unknown },
    };
  };

  it('answers 503 with Retry-After and names the disk, then saves again once space is freed', async () => {
    const noWa = '6281100000001';
    expect((await call('POST', '/auth/otp-login/1', undefined, { no_wa: noWa })).status).toBe(200);
    const code = JSON.parse(
      readFileSync(join(outside, 'otp.jsonl'), 'utf8').trim().split('\n').at(-1) as string,
    ).code;
    const login = await call('POST', '/auth/otp-login/cek/1', undefined, { no_wa: noWa, kode: code });
    const token = login.json.token as string;
    expect(token).toBeTruthy();

    const acknowledged = new Map<number, number>();
    const statuses: number[] = [];
    const write = async (idSiswa: number, value: number) => {
      const res = await call('POST', '/DataSiswa/NilaiSiswa', token, {
        id_siswa: idSiswa,
        id_ukt: 1,
        id_tingkat: 1,
        nilai_jurus: value,
        nilai_jurus_plus: 0,
      });
      statuses.push(res.status);
      if (res.status === 200) acknowledged.set(idSiswa, value);
      return res;
    };
    for (let i = 1; i <= 5; i++) expect((await write(i, 60 + i)).status).toBe(200);

    fillDisk(server.child.pid, mount);

    let refused: Awaited<ReturnType<typeof write>> | undefined;
    for (let i = 6; i <= 99 && !refused; i++) {
      const res = await write(i, 60 + (i % 20));
      if (res.status === 503) refused = res;
    }
    expect(refused, `no 503 among ${statuses.join(',')}`).toBeDefined();
    expect(refused?.retryAfter).toBe('5');
    expect(refused?.json.message).toMatch(/nilai tetap di HP/);
    expect(statuses).not.toContain(500);
    await expect
      .poll(() => server.output, { timeout: 5_000 })
      .toMatch(new RegExp(`Disk penuh \\(${mount}: sisa`));
    await new Promise((r) => setTimeout(r, 2_100));
    const health = await call('GET', '/health');
    expect(health.status).toBe(503);
    expect(health.json.message).toMatch(/Ruang disk hampir habis/);

    // Space comes back: writes succeed again without a restart.
    freeDisk(server.child.pid, mount);
    let saved = false;
    for (let i = 100; i < 120 && !saved; i++) saved = (await write(i, 77)).status === 200;
    expect(saved, `${statuses.slice(-5).join(',')}\n${server.output.slice(-3000)}`).toBe(true);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await call('GET', '/health')).status).toBe(200);
    expect(statuses).not.toContain(500);

    // Every acknowledged score is there.
    for (const [idSiswa, value] of acknowledged) {
      const res = await call('GET', `/DataSiswa/NilaiSiswa?id_siswa=${idSiswa}&id_tingkat=1&id_ukt=1`, token);
      expect(res.status).toBe(200);
      const data = res.json.data as { nilai_jurus: number } | { nilai_jurus: number }[];
      const record = Array.isArray(data) ? data[0] : data;
      expect(Number(record?.nilai_jurus), `siswa ${idSiswa}`).toBe(value);
    }
  });
});
