import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { type PgCluster, startPgCluster } from '../support/pg-cluster';
import { type ServerProcess, startServer } from '../support/server-process';

// DESIGN §4 "When the database is away", against the real thing: the server as `npm start` runs it,
// on a PostgreSQL cluster of this file's own that is stopped like a crash and started again.
const MESSAGE = 'Server sedang tidak dapat menyimpan; nilai tetap di HP dan akan dikirim lagi.';

describe('PostgreSQL going away and coming back', () => {
  let cluster: PgCluster | undefined;
  let dir: string;
  let server: ServerProcess;
  let base = '';

  const waitFor = async <T>(what: string, probe: () => T | undefined, ms = 15_000): Promise<T> => {
    const started = Date.now();
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (Date.now() - started > ms)
        throw new Error(`no ${what} within ${ms} ms; server output:\n${server.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const call = (method: 'GET' | 'POST', path: string, token?: string, body?: unknown, key?: string) =>
    fetch(`${base}/uktNEW/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'access-token': token } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const expectUnavailable = async (res: Response) => {
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ success: false, message: MESSAGE });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-outage-'));
    cluster = await startPgCluster();
    const outbox = join(dir, 'otp.jsonl');
    server = startServer({
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: cluster.url,
        OTP_DELIVERY: 'file',
        OTP_OUTBOX: outbox,
        WEB_DIST: join(dir, 'none'),
        // Every call asks the database for its token, so the outage reaches the sign-in check too.
        SESSION_CACHE_MS: '0',
      },
    });
    base = await server.listening();
  }, 90_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    try {
      cluster?.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const login = async () => {
    expect((await call('POST', '/auth/otp-login/1', undefined, { no_wa: ADMIN })).status).toBe(200);
    const outbox = join(dir, 'otp.jsonl');
    const kode = await waitFor('OTP line', () => {
      if (!existsSync(outbox)) return undefined;
      const lines = readFileSync(outbox, 'utf8').trim().split('\n');
      return lines.map((l) => JSON.parse(l) as { to: string; code: string }).find((m) => m.to === ADMIN)
        ?.code;
    });
    const verify = await call('POST', '/auth/otp-login/cek/1', undefined, { no_wa: ADMIN, kode });
    expect(verify.status).toBe(200);
    return ((await verify.json()) as { token: string }).token;
  };

  it('answers 503 with Retry-After while the database is down, stays up, and recovers by itself', async () => {
    const token = await login();
    const score = { id_siswa: 1, id_ukt: 1, id_tingkat: 1, nilai_sambung: 70 };
    // A write right before the stop leaves idle connections in the pool: the ones a crash cuts.
    expect((await call('POST', '/DataSiswa/NilaiSiswa', token, score)).status).toBe(200);

    cluster?.stop();
    // What the operator sees first: the cut idle connections. Waited for before the next call, which
    // would otherwise take the idle connection before its socket's end is read (then that call's
    // own failure is all the log says: seen on a busy machine).
    await expect.poll(() => server.output, { timeout: 15_000 }).toContain('Koneksi PostgreSQL terputus');
    const list = '/DataSiswa/siswa?id_ukt=1&hal=1';
    const retried = { ...score, nilai_sambung: 85 };
    await expectUnavailable(await call('GET', list, token));
    await expectUnavailable(await call('POST', '/DataSiswa/NilaiSiswa', token, retried, 'outage-1'));
    await expectUnavailable(await call('GET', '/health'));
    await new Promise((r) => setTimeout(r, 300));
    expect(server.child.exitCode).toBeNull();
    expect(server.output).not.toContain("Unhandled 'error' event");
    // Then the 503s.
    expect(server.output).toContain('Database tidak tersedia: permintaan dijawab 503');

    cluster?.start();
    const health = await call('GET', '/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true });
    // The phone's retry: the same key and body, the same server process.
    const again = await call('POST', '/DataSiswa/NilaiSiswa', token, retried, 'outage-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await again.json()).toEqual({ success: true, message: 'Nilai berhasil disimpan' });
    const replay = await call('POST', '/DataSiswa/NilaiSiswa', token, retried, 'outage-1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const record = await call('GET', '/DataSiswa/NilaiSiswa?id_siswa=1&id_ukt=1&id_tingkat=1', token);
    expect(((await record.json()) as { data: { nilai_sambung: number } }).data.nilai_sambung).toBe(85);
    expect((await call('GET', list, token)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.output.match(/listening at/g)).toHaveLength(1);
  }, 60_000);
});
