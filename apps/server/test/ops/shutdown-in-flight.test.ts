import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@ukt/core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES } from '../support/app';
import { freshDatabase } from '../support/pg-cluster';
import { freePort, type ServerProcess, startServer } from '../support/server-process';

// An upgrade stops the server (SIGTERM) in the middle of an exam day, with score writes in flight.
// A phone still connected gets its answer and the process exits 0 at once (its keep-alive
// connection does not hold the stop until the server is killed). A phone whose signal has just
// dropped left a write the server received but can no longer answer: it is still carried out
// before the database is closed, so the phone's retry finds it written, and nothing the server
// received is lost to its own stop. The upgraded server (started again) has every write.

/** How many score writes are in flight when the stop comes. */
const IN_FLIGHT = 60;

describe.each(DATABASES)('a server stopped with score writes in flight (%s)', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-stop-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const running: ServerProcess[] = [];
  let signedIn: string | undefined;
  /** Each test is a round: it writes other scores under other keys than the one before. */
  let round = 0;
  const scoreOf = (i: number) => 50 + ((i + 7 * round) % 30);

  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const start = async (url: string) => {
    const port = await freePort();
    const server = startServer({
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: dir,
        UKT_SECRET: 'shutdown-in-flight-secret-0123456789',
        OTP_DELIVERY: 'file',
        OTP_OUTBOX: join(dir, 'otp.jsonl'),
        RATE_LIMIT_PER_MINUTE: '100000',
        // The request log says which writes the server received.
        LOG_LEVEL: 'debug',
        WEB_DIST: join(dir, 'none'),
      },
    });
    running.push(server);
    return { server, base: await server.listening() };
  };

  const call = async (base: string, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}/uktNEW/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { 'access-token': token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) as { data?: unknown; token?: string } };
  };

  const login = async (base: string) => {
    const sent = await call(base, 'POST', '/auth/otp-login/1', undefined, { no_wa: ADMIN });
    expect(sent.status, sent.text).toBe(200);
    const file = join(dir, 'otp.jsonl');
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
    const code = lines
      .map((l) => JSON.parse(l) as { to: string; code: string })
      .filter((m) => m.to === ADMIN)
      .at(-1)?.code;
    const res = await call(base, 'POST', '/auth/otp-login/cek/1', undefined, { no_wa: ADMIN, kode: code });
    expect(res.status, res.text).toBe(200);
    return res.body.token as string;
  };

  /** The score write of one participant as a phone sends it, whole, on a socket of its own. */
  const sendWrite = (base: string, token: string, id: string, value: number) => {
    const { hostname, port } = new URL(base);
    const body = JSON.stringify({
      id_siswa: Number(id),
      id_ukt: 1,
      id_tingkat: 1,
      nilai_jurus: value,
      nilai_jurus_plus: 0,
    });
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('utf8').on('data', (d: string) => {
      answer += d;
    });
    socket.on('error', () => undefined);
    const sent = new Promise<void>((resolve) =>
      socket.once('connect', () =>
        socket.write(
          [
            `POST /uktNEW/api${API.nilai.href()} HTTP/1.1`,
            `host: ${hostname}:${port}`,
            `access-token: ${token}`,
            'content-type: application/json',
            `idempotency-key: stop-${round}-${id}`,
            `content-length: ${Buffer.byteLength(body)}`,
            '',
            body,
          ].join('\r\n'),
          () => resolve(),
        ),
      ),
    );
    /** The status line of the answer, once the connection has ended. */
    const status = new Promise<string>((resolve) =>
      socket.once('close', () => resolve(answer.split('\r\n')[0] ?? '')),
    );
    return { socket, sent, status };
  };

  /** A server with the demo data, a signed-in admin, and IN_FLIGHT participants taken at a post. */
  const prepare = async () => {
    let url = `sqlite:${join(dir, 'ukt.db')}`;
    if (kind === 'postgres') {
      database ??= await freshDatabase('ukt_stop');
      url = database.url;
    }
    round++;
    const first = await start(url);
    // One sign-in for the file: a second code for the number within a minute is refused.
    signedIn ??= await login(first.base);
    const admin = signedIn;
    const rows: { id_siswa: string }[] = [];
    for (let hal = 1; rows.length < IN_FLIGHT; hal++) {
      const page = await call(first.base, 'GET', `/DataSiswa/siswa?id_ukt=1&hal=${hal}&posUjian=2`, admin);
      expect(page.status, page.text).toBe(200);
      const data = page.body.data as { id_siswa: string }[];
      expect(data.length, 'the demo event has enough participants').toBeGreaterThan(0);
      rows.push(...data);
    }
    const ids = rows.slice(0, IN_FLIGHT).map((r) => r.id_siswa);
    for (const id of ids) {
      const took = await call(first.base, 'POST', API.siswaUpdate.href(id), admin, {
        id_ukt: 1,
        sudah_tes: '1',
      });
      expect(took.status, took.text).toBe(200);
    }
    /** How many score writes the server has received so far (its request log). */
    const received = () =>
      first.server.output
        .split('\n')
        .filter((l) => l.includes('incoming request') && l.includes(API.nilai.href())).length;
    const allReceived = async () => {
      const since = Date.now();
      while (received() < IN_FLIGHT && Date.now() - since < 30_000)
        await new Promise((r) => setTimeout(r, 5));
      expect(received()).toBe(IN_FLIGHT);
    };
    return { url, first, admin, ids, allReceived };
  };

  /** After the stop: a new server (the upgraded one) has every write, with the phone's session. */
  const expectWritten = async (url: string, admin: string, ids: string[]) => {
    const second = await start(url);
    for (const [i, id] of ids.entries()) {
      const res = await call(
        second.base,
        'GET',
        `${API.nilai.href()}?id_siswa=${id}&id_ukt=1&id_tingkat=1`,
        admin,
      );
      expect(res.status, res.text).toBe(200);
      expect((res.body.data as { nilai_jurus?: number } | null)?.nilai_jurus, `write of ${id}`).toBe(
        scoreOf(i),
      );
    }
    expect(await second.server.stop('SIGTERM')).toBe(0);
  };

  /**
   * On PostgreSQL, holds the score writes in the database (a lock on their table) until the
   * answer is called, so that they are still in flight when the stop comes. SQLite has no such
   * hold that leaves the server running: its writes are mostly done by the time the stop arrives.
   */
  const holdWrites = async (url: string) => {
    if (kind !== 'postgres') return { waiting: async () => undefined, release: async () => undefined };
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table nilai in share mode');
    return {
      /** Resolves once the server's writes wait for the lock: their requests are read whole. */
      waiting: () => waitUntil(async () => (await lockWaiters(url)) > 0),
      release: async () => {
        await holder.query('commit');
        await holder.end();
      },
    };
  };

  /** IN_FLIGHT score writes sent to a new server and, on PostgreSQL, held in the database. */
  const writesInFlight = async () => {
    const { url, first, admin, ids, allReceived } = await prepare();
    const hold = await holdWrites(url);
    const writes = ids.map((id, i) => sendWrite(first.base, admin, id, scoreOf(i)));
    await Promise.all(writes.map((w) => w.sent));
    await allReceived();
    await hold.waiting();
    // "incoming request" is logged before a body is read; a body still unread when its phone goes
    // away is rightly never written (the phone sends it again, under its idempotency key). A busy
    // machine gets a moment to read every body before the phones drop.
    await new Promise((r) => setTimeout(r, 1_000));
    return {
      writes,
      /** SIGTERM; once the server says it is stopping, the held writes go on. Answers the exit code. */
      stop: async () => {
        first.server.child.kill('SIGTERM');
        await first.server.waitFor(/server berhenti/);
        await new Promise((r) => setTimeout(r, 300));
        await hold.release();
        return first.server.exited;
      },
      /** Nothing failed, and the server started again (the upgraded one) has every write. */
      expectCarriedOut: async () => {
        expect(serverErrors(first.server)).toEqual([]);
        await expectWritten(url, admin, ids);
      },
    };
  };

  it('answers every phone still waiting and exits at once', { timeout: 180_000 }, async () => {
    const run = await writesInFlight();
    const exited = run.stop();
    expect(await Promise.all(run.writes.map((w) => w.status))).toEqual(
      run.writes.map(() => 'HTTP/1.1 200 OK'),
    );
    // Exit 1 would be the forced exit of server.ts, 10 s on: a connection held the stop open.
    expect(await exited).toBe(0);
    await run.expectCarriedOut();
  });

  // On PostgreSQL the writes queue for connections (db/priority-pool.ts), where a stop finds them.
  if (kind !== 'postgres') return;
  it('carries out the writes of phones that went away before it closes the database', {
    timeout: 180_000,
  }, async () => {
    const run = await writesInFlight();
    // The phones' signal drops, and the upgrade stops the server.
    for (const w of run.writes) w.socket.destroy();
    expect(await run.stop()).toBe(0);
    await run.expectCarriedOut();
  });
});

/** The messages of the errors a server logged (a write it could not carry out). */
function serverErrors(server: ServerProcess): string[] {
  return server.output
    .split('\n')
    .filter((l) => l.includes('"msg":"server error"'))
    .map((l) => (JSON.parse(l) as { err?: { message?: string } }).err?.message ?? l);
}

/** Backends of the database waiting for a lock. */
async function lockWaiters(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

async function waitUntil(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const since = Date.now();
  while (!(await check())) {
    if (Date.now() - since > ms) throw new Error('waited too long');
    await new Promise((r) => setTimeout(r, 20));
  }
}
