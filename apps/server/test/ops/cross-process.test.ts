import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@ukt/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SITI } from '../support/app';
import { callProcess as call } from '../support/http-call';
import { freshDatabase } from '../support/pg-cluster';
import { freePort, type ServerProcess, startServer } from '../support/server-process';

// Two server processes on one PostgreSQL database, the way two machines behind a proxy run
// (issue #22): what one process writes, the other's participant list shows within a second; and
// a process killed in the middle of a stream of score writes loses none it acknowledged, while
// a phone's retry of one it never heard back about, sent to the other process with the same
// Idempotency-Key, is applied exactly once. On TEST_DATABASE_URL (CI) the test makes a database
// of its own there; without it, a throwaway PostgreSQL of its own (test/support/pg-cluster.ts).

/** How soon the other process must show a take or a score (a correctness bound, not a benchmark). */
const SEEN_WITHIN_MS = 1_000;
/** How many score writes the stream sends, and how many may be in flight at once. */
const STREAM = 40;
const IN_FLIGHT = 4;
/** The stream's process is killed once this many writes were acknowledged. */
const KILL_AFTER_ACKS = 12;
/** A key a killed request left reserved is taken over after a minute (plugins/idempotency.ts). */
const RESERVED_KEY_MS = 60_000;

interface ListRow {
  id_siswa: string;
  sudah_tes: string | null;
  dinilai: string[];
}

describe('two server processes on one PostgreSQL database', { timeout: 180_000 }, () => {
  let dir: string;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let onA = '';
  let onB = '';
  let sql: pg.Client;
  const tokens: Record<string, string> = {};

  const start = async () => {
    const port = await freePort();
    const server = startServer({
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        UKT_SECRET: 'cross-process-secret-0123456789abcdef',
        OTP_DELIVERY: 'file',
        OTP_OUTBOX: join(dir, 'otp.jsonl'),
        RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'info',
        WEB_DIST: join(dir, 'none'),
      },
    });
    return { server, base: await server.listening() };
  };

  const codeFor = (noWa: string) => {
    const file = join(dir, 'otp.jsonl');
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [];
    const messages = lines.filter(Boolean).map((l) => JSON.parse(l) as { to: string; code: string });
    return messages.filter((m) => m.to === noWa).at(-1)?.code;
  };
  const login = async (base: string, noWa: string) => {
    expect((await call(base, 'POST', '/auth/otp-login/1', { body: { no_wa: noWa } })).status).toBe(200);
    const res = await call(base, 'POST', '/auth/otp-login/cek/1', {
      body: { no_wa: noWa, kode: codeFor(noWa) },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.token as string;
  };

  /** Page `hal` of the participant list of event 1 as a process answers it. */
  const list = async (base: string, token: string, hal = 1) => {
    const res = await call(base, 'GET', `/DataSiswa/siswa?id_ukt=1&hal=${hal}&posUjian=2`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body.data as ListRow[];
  };
  const take = (base: string, token: string, id: string) =>
    call(base, 'POST', API.siswaUpdate.href(id), { token, body: { id_ukt: 1, sudah_tes: '1' } });
  const write = (base: string, token: string, id: string, value: number, key: string) =>
    call(base, 'POST', API.nilai.href(), {
      token,
      body: { id_siswa: Number(id), id_ukt: 1, id_tingkat: 1, nilai_jurus: value, nilai_jurus_plus: 0 },
      headers: { 'idempotency-key': key },
    });

  /**
   * Asks B's list until `seen` holds for the participant's row; answers how long after `since`
   * the first answer showing it arrived (and every answer before it, for the failure message).
   */
  const firstSeen = async (id: string, seen: (row: ListRow) => boolean, since: number) => {
    const answers: string[] = [];
    for (;;) {
      const row = (await list(onB, tokens.siti as string)).find((r) => r.id_siswa === id);
      const elapsed = Date.now() - since;
      answers.push(`${elapsed} ms: ${JSON.stringify(row)}`);
      if (row && seen(row)) return { elapsed, answers };
      if (elapsed > 5 * SEEN_WITHIN_MS) return { elapsed, answers };
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-cross-'));
    database = await freshDatabase('ukt_cross');
    // A first, alone: it makes the schema and the demo data; B opens what A made.
    const first = await start();
    a = first.server;
    onA = first.base;
    const second = await start();
    b = second.server;
    onB = second.base;
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    tokens.siti = await login(onA, SITI);
    tokens.admin = await login(onA, ADMIN);
  }, 150_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a take and a score write on A are in the participant list on B within a second', async () => {
    const siti = tokens.siti as string;
    const [row] = await list(onB, siti);
    const id = (row as ListRow).id_siswa;
    expect(row).toMatchObject({ sudah_tes: null, dinilai: [] });
    // B has answered this page before (and may answer it from memory) when A writes.
    await list(onB, siti);

    const took = await take(onA, siti, id);
    expect(took.status, took.text).toBe(200);
    const takeSeen = await firstSeen(id, (r) => r.sudah_tes !== null, Date.now());
    expect(takeSeen.elapsed, takeSeen.answers.join('\n')).toBeLessThan(SEEN_WITHIN_MS);

    const wrote = await write(onA, siti, id, 71, `seen-${id}`);
    expect(wrote.status, wrote.text).toBe(200);
    const scoreSeen = await firstSeen(id, (r) => r.dinilai.includes('jurus'), Date.now());
    expect(scoreSeen.elapsed, scoreSeen.answers.join('\n')).toBeLessThan(SEEN_WITHIN_MS);
  });

  it('A killed during a stream of score writes: every acknowledged one is kept, a retry on B applies the rest once', async () => {
    const admin = tokens.admin as string;
    const rows = [
      ...(await list(onB, admin, 2)),
      ...(await list(onB, admin, 3)),
      ...(await list(onB, admin, 4)),
    ];
    const ids = rows.map((r) => r.id_siswa).slice(0, STREAM);
    expect(ids).toHaveLength(STREAM);
    for (const id of ids) {
      const res = await take(onB, admin, id);
      expect(res.status, res.text).toBe(200);
    }
    const writes = ids.map((id, i) => ({
      id,
      value: 50 + (i % 30),
      key: `stream-${id}-${randomBytes(4).toString('hex')}`,
    }));
    const acked = new Set<string>();
    const refused: string[] = [];
    let killed = false;
    let next = 0;
    // IN_FLIGHT phones writing to A; A is killed (no shutdown, no flush) after KILL_AFTER_ACKS answers.
    const phone = async () => {
      while (next < writes.length) {
        const w = writes[next++] as (typeof writes)[number];
        try {
          const res = await write(onA, admin, w.id, w.value, w.key);
          if (res.status >= 200 && res.status < 300) acked.add(w.key);
          else refused.push(`${w.id}: ${res.status} ${res.text}`);
        } catch {
          // No answer: the phone keeps the write for a retry.
        }
        if (!killed && acked.size >= KILL_AFTER_ACKS) {
          killed = true;
          a.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, phone));
    expect(await a.exited).toBeNull();
    expect(refused).toEqual([]);
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acked.size, 'the kill came before the stream ended').toBeLessThan(STREAM);

    const nilaiOnB = async (id: string) => {
      const res = await call(onB, 'GET', `${API.nilai.href()}?id_siswa=${id}&id_ukt=1&id_tingkat=1`, {
        token: admin,
      });
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { nilai_jurus?: number | null } | null)?.nilai_jurus ?? null;
    };
    for (const w of writes.filter((x) => acked.has(x.key)))
      expect(await nilaiOnB(w.id), `acknowledged write of ${w.id}`).toBe(w.value);

    // The phone retries each unanswered write on B with its own key; a key the killed request
    // left reserved is answered 409 until it is a minute old, and the phone retries then.
    for (const w of writes.filter((x) => !acked.has(x.key))) {
      let res = await write(onB, admin, w.id, w.value, w.key);
      const since = Date.now();
      while (res.status === 409 && Date.now() - since < RESERVED_KEY_MS + 10_000) {
        await new Promise((r) => setTimeout(r, 1_000));
        res = await write(onB, admin, w.id, w.value, w.key);
      }
      expect(res.status, `retry of ${w.id}: ${res.text}`).toBe(200);
      const again = await write(onB, admin, w.id, w.value, w.key);
      expect(again.replayed, `second retry of ${w.id} is a replay`).toBe(true);
      expect(again.text).toBe(res.text);
      expect(await nilaiOnB(w.id), `retried write of ${w.id}`).toBe(w.value);
    }

    // Each write is in the audit log exactly once: none lost, none applied twice.
    const { rows: audits } = await sql.query<{ id_siswa: number; n: number; value: number }>(
      `select id_siswa, count(*)::int as n, max(new_value)::int as value from audit_log
       where id_ukt = 1 and field = 'nilai_jurus' and id_siswa = any($1) group by id_siswa order by id_siswa`,
      [ids.map(Number)],
    );
    expect(audits).toEqual(
      writes
        .map((w) => ({ id_siswa: Number(w.id), n: 1, value: w.value }))
        .sort((x, y) => x.id_siswa - y.id_siswa),
    );
  });
});
