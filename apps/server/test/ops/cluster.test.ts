import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AGUS, SITI } from '../support/app';
import { freshDatabase } from '../support/pg-cluster';
import { freePort, runToExit, type ServerProcess, startServer } from '../support/server-process';

// Several server processes on one PostgreSQL database, started the way an operator starts them
// (`src/cluster.ts`, WORKERS=2), driven over real connections: every call opens its own
// connection, so the cluster's round robin spreads them over the processes, and the processes'
// request logs (pino names the pid on every line) show that each one answered. On
// TEST_DATABASE_URL (CI) the test makes a database of its own there; without it, a throwaway
// PostgreSQL of its own (test/support/pg-cluster.ts).

const WORKERS = 2;
const SESSION_CACHE_MS = 1_000;

interface Answer {
  status: number;
  body: { success?: boolean; message?: string; [k: string]: unknown };
  text: string;
}

describe('several server processes on one PostgreSQL database', { timeout: 60_000 }, () => {
  let dir: string;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let primary: ServerProcess;
  let port = 0;
  let pids: number[] = [];
  let sql: pg.Client;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  /** Who holds each participant taken in the first test: the score writes go there. */
  const winners = new Map<number, string>();

  /** One call on a connection of its own (no keep-alive), so that any process may answer it. */
  const call = (
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `/uktNEW/api${path}`,
          agent: false,
          headers: {
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(options.token ? { 'access-token': options.token } : {}),
            ...options.headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), text }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  /** How many requests to a path each process has answered so far, from the request logs. */
  const answeredBy = (path: string) => {
    const urls = new Map<string, string>();
    const counts = new Map<number, number>();
    for (const line of primary.output.split('\n')) {
      // The last line may still be arriving.
      if (!line.startsWith('{') || !line.endsWith('}')) continue;
      const entry = JSON.parse(line) as { pid: number; reqId?: string; req?: { url: string }; msg: string };
      const key = `${entry.pid} ${entry.reqId}`;
      if (entry.msg === 'incoming request' && entry.req) urls.set(key, entry.req.url);
      if (entry.msg === 'request completed' && urls.get(key)?.startsWith(`/uktNEW/api${path}`))
        counts.set(entry.pid, (counts.get(entry.pid) ?? 0) + 1);
    }
    return counts;
  };
  const expectEveryProcess = (path: string, processes = pids) => {
    const counts = answeredBy(path);
    for (const pid of processes) expect(counts.get(pid) ?? 0, `process ${pid} on ${path}`).toBeGreaterThan(0);
  };

  const codeFor = (noWa: string) => {
    const file = join(dir, 'otp.jsonl');
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
    const messages = lines.filter(Boolean).map((l) => JSON.parse(l) as { to: string; code: string });
    return messages.filter((m) => m.to === noWa).at(-1)?.code;
  };

  const login = async (noWa: string) => {
    expect((await call('POST', '/auth/otp-login/1', { body: { no_wa: noWa } })).status).toBe(200);
    const res = await call('POST', '/auth/otp-login/cek/1', { body: { no_wa: noWa, kode: codeFor(noWa) } });
    expect(res.status).toBe(200);
    ids[noWa] = Number(res.body.id);
    return res.body.token as string;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-cluster-'));
    database = await freshDatabase('ukt_cluster');
    port = await freePort();
    primary = startServer({
      entry: 'src/cluster.ts',
      env: {
        WORKERS: String(WORKERS),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        UKT_SECRET: 'cluster-test-secret-0123456789abcdef',
        OTP_DELIVERY: 'file',
        OTP_OUTBOX: join(dir, 'otp.jsonl'),
        SESSION_CACHE_MS: String(SESSION_CACHE_MS),
        // Request logs name the process (pid) that answered each call.
        LOG_LEVEL: 'debug',
        WEB_DIST: join(dir, 'none'),
      },
    });
    const started = await primary.waitFor(/\[klaster\] 2 proses server \(pid (\d+), (\d+)\)/, 90_000);
    pids = [Number(started[1]), Number(started[2])];
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    tokens.admin = await login(ADMIN);
    tokens.siti = await login(SITI);
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    const stopped = primary?.stop('SIGKILL');
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await stopped;
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a participant taken at once by two examiners through both processes is taken once', async () => {
    const list = await call('GET', '/DataSiswa/siswa?id_ukt=1&hal=1&posUjian=2', { token: tokens.siti });
    const participants = (list.body.data as { id_siswa: string }[]).map((r) => Number(r.id_siswa));
    expect(participants).toHaveLength(20);
    const who = [tokens.admin, tokens.siti, tokens.admin, tokens.siti] as string[];
    const answers = await Promise.all(
      participants.flatMap((id) =>
        who.map(async (token) => ({
          id,
          token,
          res: await call('POST', `/DataSiswa/siswaUpdate/${id}`, {
            token,
            body: { id_ukt: 1, sudah_tes: '1' },
          }),
        })),
      ),
    );
    for (const id of participants) {
      const mine = answers.filter((a) => a.id === id);
      const won = mine.filter((a) => a.res.status === 200);
      const lost = mine.filter((a) => a.res.status === 409);
      expect(won.length + lost.length).toBe(4);
      // Exactly one examiner holds the participant: both of their calls succeed, both of the other's are refused.
      expect(new Set(won.map((a) => a.token)).size).toBe(1);
      expect(won).toHaveLength(2);
      winners.set(id, won[0]?.token as string);
    }
    expectEveryProcess('/DataSiswa/siswaUpdate');

    // Every process shows the takes at once: the list read through each names the holder.
    const idOf = (token: string) => (token === tokens.admin ? ids[ADMIN] : ids[SITI]);
    for (let i = 0; i < 4; i++) {
      const again = await call('GET', '/DataSiswa/siswa?id_ukt=1&hal=1&posUjian=2', { token: tokens.siti });
      expect((again.body.data as unknown[]).length).toBe(20);
      for (const row of again.body.data as { id_siswa: string; sudah_tes: string | null }[]) {
        expect(row.sudah_tes).toBe(String(idOf(winners.get(Number(row.id_siswa)) as string)));
      }
    }
    expectEveryProcess('/DataSiswa/siswa?');
    const { rows } = await sql.query<{ id_siswa: number; sudah_tes: number }>(
      'select id_siswa, sudah_tes from siswa where id_siswa = any($1)',
      [participants],
    );
    for (const row of rows) expect(row.sudah_tes).toBe(idOf(winners.get(row.id_siswa) as string));
  });

  it('a score write sent again and again through both processes with one Idempotency-Key is written once', async () => {
    expect(winners.size).toBe(20);
    const writes = [...winners].slice(0, 10).map(([id, token], i) => ({
      id,
      token,
      key: `cluster-${id}-${randomBytes(4).toString('hex')}`,
      body: { id_siswa: id, id_ukt: 1, id_tingkat: 1, nilai_jurus: 60 + i, nilai_jurus_plus: 0 },
    }));
    const send = (w: (typeof writes)[number]) =>
      call('POST', '/DataSiswa/NilaiSiswa', {
        token: w.token,
        body: w.body,
        headers: { 'idempotency-key': w.key },
      });
    // Four copies of each at once (a phone retrying on a bad network), then retries until all are answered.
    const first = await Promise.all(writes.flatMap((w) => [send(w), send(w), send(w), send(w)]));
    for (const res of first) expect([200, 409]).toContain(res.status);
    for (const w of writes) {
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i++) {
        let res = await send(w);
        for (let tries = 0; res.status === 409 && tries < 50; tries++) {
          await new Promise((r) => setTimeout(r, 100));
          res = await send(w);
        }
        answers.push(res);
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      // The same key with another body is refused on any process.
      const other = await call('POST', '/DataSiswa/NilaiSiswa', {
        token: w.token,
        body: { ...w.body, nilai_jurus: 70 },
        headers: { 'idempotency-key': w.key },
      });
      expect(other.status).toBe(422);
    }
    expectEveryProcess('/DataSiswa/NilaiSiswa');

    const { rows } = await sql.query<{ id_siswa: number; n: number; value: number }>(
      `select id_siswa, count(*)::int as n, max(new_value) as value from audit_log
       where id_ukt = 1 and field = 'nilai_jurus' and id_siswa = any($1) group by id_siswa`,
      [writes.map((w) => w.id)],
    );
    expect(rows).toHaveLength(10);
    for (const w of writes) {
      expect(rows.find((r) => r.id_siswa === w.id)).toEqual({
        id_siswa: w.id,
        n: 1,
        value: w.body.nilai_jurus,
      });
    }
  });

  it('the code limits of a number hold across processes', async () => {
    // Six requests for a code at once: the 60-second rule lets exactly one through, wherever it lands.
    const sends = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/auth/otp-login/1', { body: { no_wa: AGUS } })),
    );
    expect(sends.map((s) => s.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    const code = codeFor(AGUS) as string;
    expect(code).toMatch(/^\d{4}$/);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const verify = (kode: string) => call('POST', '/auth/otp-login/cek/1', { body: { no_wa: AGUS, kode } });

    // Five wrong tries at once void the code, so the right one no longer works (the 6th failure).
    const five = await Promise.all(Array.from({ length: 5 }, () => verify(wrong)));
    expect(five.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    const right = await verify(code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Kode OTP tidak berlaku atau sudah kedaluwarsa. Minta kode baru.');

    // Six more at once: failures 7–9 are refused, the 10th locks the number, and so do the rest.
    const six = await Promise.all(Array.from({ length: 6 }, () => verify(wrong)));
    expect(six.map((r) => r.status).sort()).toEqual([400, 400, 400, 429, 429, 429]);
    for (const res of six.filter((r) => r.status === 429)) {
      expect(res.body.message).toContain('dikunci sementara');
    }
    // Locked on every process, even with the right code.
    for (let i = 0; i < 4; i++) expect((await verify(code)).status).toBe(429);
    expectEveryProcess('/auth/otp-login/cek/1');
  });

  it('a logout on one process holds on every process within the session cache bound', async () => {
    const token = tokens.siti as string;
    // Every process has looked the token up (and so may answer it from memory for SESSION_CACHE_MS).
    for (let i = 0; i < 6; i++) expect((await call('GET', '/DataSiswa/UKT', { token })).status).toBe(200);
    expectEveryProcess('/DataSiswa/UKT');
    const out = await call('POST', '/auth/logout', { token });
    expect(out.status).toBe(200);
    const loggedOutAt = Date.now();
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 200));
    const before = answeredBy('/DataSiswa/UKT');
    const refusedByAll = () =>
      pids.every((pid) => (answeredBy('/DataSiswa/UKT').get(pid) ?? 0) > (before.get(pid) ?? 0));
    // Asked until both processes have answered (which process takes a request is the OS's choice).
    const after = [];
    for (let i = 0; i < 40 && (i < 6 || !refusedByAll()); i++)
      after.push(await call('GET', '/DataSiswa/UKT', { token }));
    expect(new Set(after.map((r) => r.status))).toEqual(new Set([401]));
    expect(Date.now() - loggedOutAt).toBeLessThan(SESSION_CACHE_MS + 5_000);
    // The refusals came from both processes.
    const now = answeredBy('/DataSiswa/UKT');
    for (const pid of pids) expect(now.get(pid) ?? 0).toBeGreaterThan(before.get(pid) ?? 0);
  });

  it('a process that dies is replaced, and the rest keep answering meanwhile', async () => {
    const [victim, survivor] = pids as [number, number];
    process.kill(victim, 'SIGKILL');
    const replaced = await primary.waitFor(
      new RegExp(`proses server ${victim} berhenti \\(sinyal SIGKILL\\); diganti dengan proses (\\d+)`),
    );
    const replacement = Number(replaced[1]);
    // While the replacement starts, the survivor answers every call.
    for (let i = 0; i < 4; i++)
      expect((await call('GET', '/DataSiswa/UKT', { token: tokens.admin })).status).toBe(200);
    await primary.waitFor(new RegExp(`proses server ${replacement} siap`));
    pids = [survivor, replacement];
    for (let i = 0; i < 6; i++)
      expect((await call('GET', '/DataSiswa/UKT', { token: tokens.admin })).status).toBe(200);
    expectEveryProcess('/DataSiswa/UKT', [replacement]);
  });

  it('SIGTERM stops every process and the primary exits 0', async () => {
    expect(await primary.stop('SIGTERM')).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    await expect(call('GET', '/health')).rejects.toThrow();
  });
});

describe.concurrent('the cluster entry that cannot start', { timeout: 90_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-cluster-refused-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const start = (env: Record<string, string>) =>
    runToExit({
      entry: 'src/cluster.ts',
      env: { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', WORKERS: '2', ...env },
    });

  it('on SQLite: refused in one line naming DATABASE_URL, exit 1, nothing created', async () => {
    const file = join(dir, 'ukt.db');
    const { code, lines } = await start({ DATABASE_URL: `sqlite:${file}` });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL sqlite:${file} hanya untuk satu proses server: untuk beberapa proses (WORKERS, npm run start:cluster) atur DATABASE_URL=postgres://…, atau jalankan satu proses (npm start tanpa WORKERS).`,
    ]);
    expect(existsSync(file)).toBe(false);
  });

  it('with an unreachable database: the first process says why once, and the primary exits 1', async () => {
    const port = await freePort();
    const { code, lines } = await start({ DATABASE_URL: `postgres://ukt@127.0.0.1:${port}/ukt` });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL 127.0.0.1:${port}/ukt: PostgreSQL tidak dapat dihubungi (ECONNREFUSED): pastikan PostgreSQL berjalan dan alamat di DATABASE_URL benar.`,
      expect.stringMatching(
        /^\[klaster\] proses server \d+ gagal dimulai \(kode 1\): menghentikan 0 proses server…$/,
      ),
    ]);
  });
});
