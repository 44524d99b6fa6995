import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, type LiveEvent, type Progres } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import type { OtpMessage } from '../../../src/modules/auth/otp-delivery';
import {
  ADMIN,
  api,
  DATABASES,
  SITI,
  type SignedInApp,
  startApp,
  startSignedIn,
  type TestApp,
  testConfig,
} from '../../support/app';
import { freshDatabase } from '../../support/pg-cluster';

/** An open Server-Sent Events stream read with fetch, as the console reads it. */
interface Stream {
  events: LiveEvent[];
  statuses: boolean[];
  next(match: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  close(): void;
}

async function openStream(
  base: string,
  token: string | undefined,
  idUkt: number,
): Promise<Response & { stream?: Stream }> {
  const controller = new AbortController();
  const res = await fetch(`${base}/uktNEW/api/panitia/kegiatan/${idUkt}/stream`, {
    headers: token ? { 'access-token': token } : {},
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) return res;
  const events: LiveEvent[] = [];
  const statuses: boolean[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name === 'ukt' && data) events.push(JSON.parse(data));
          if (name === 'status' && data) statuses.push(JSON.parse(data).live);
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  const stream: Stream = {
    events,
    statuses,
    async next(match, ms = 5_000) {
      const started = Date.now();
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() - started > ms) throw new Error(`no matching event in ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => controller.abort(),
  };
  return Object.assign(res, { stream });
}

async function listen(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

const take = (t: TestApp, token: string, idSiswa: number) =>
  api(t, token, 'POST', `/DataSiswa/siswaUpdate/${idSiswa}`, { id_ukt: 1, sudah_tes: '1' });
const score = (t: TestApp, token: string, idSiswa: number) =>
  api(t, token, 'POST', '/DataSiswa/NilaiSiswa', {
    id_siswa: idSiswa,
    id_ukt: 1,
    id_tingkat: 1,
    nilai_jurus: 70,
    nilai_jurus_plus: 0,
  });

describe.each(DATABASES)('the live stream on %s', (kind) => {
  let s: SignedInApp;
  let base: string;
  beforeAll(async () => {
    s = await startSignedIn(kind);
    base = await listen(s.t);
  });
  afterAll(async () => s.t.close());

  it('pushes every take and score write of the event, naming participant and examiner only', async () => {
    const res = await openStream(base, s.admin, 1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const stream = res.stream as Stream;
    try {
      await expect.poll(() => stream.statuses.at(-1), { timeout: 5_000 }).toBe(true);
      expect((await take(s.t, s.siti, 17)).statusCode).toBe(200);
      const taken = await stream.next((e) => e.jenis === 'ambil' && e.id_siswa === '17');
      expect(taken).toMatchObject({ id_ukt: '1', id_siswa: '17' });
      expect(Object.keys(taken).sort()).toEqual(['at', 'id_pemilih', 'id_siswa', 'id_ukt', 'jenis']);
      expect((await score(s.t, s.siti, 17)).statusCode).toBe(200);
      await stream.next((e) => e.jenis === 'nilai' && e.id_siswa === '17');
      // A refused write is not announced; neither is a read.
      const before = stream.events.length;
      expect((await score(s.t, s.agus, 18)).statusCode).toBe(403);
      expect(
        (await api(s.t, s.admin, 'GET', '/DataSiswa/NilaiSiswa?id_siswa=17&id_tingkat=1&id_ukt=1'))
          .statusCode,
      ).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.events.length).toBe(before);
    } finally {
      stream.close();
    }
  });

  it('hears only its own event', async () => {
    const res = await openStream(base, s.admin, 2);
    const stream = res.stream as Stream;
    try {
      expect((await take(s.t, s.siti, 19)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      expect(stream.events).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('is for committee admins only, with the token in a header', async () => {
    expect((await openStream(base, undefined, 1)).status).toBe(401);
    expect((await openStream(base, s.siti, 1)).status).toBe(403);
    expect((await openStream(base, s.admin, 999)).status).toBe(404);
    expect((await fetch(`${base}/uktNEW/api/panitia/kegiatan/1/stream?token=${s.admin}`)).status).toBe(401);
  });
});

describe.runIf(DATABASES.includes('postgres'))(
  'the live stream across two server processes on PostgreSQL',
  () => {
    let first: TestApp;
    let second: TestApp;
    let adminOnSecond: string;
    let sitiOnFirst: string;
    beforeAll(async () => {
      first = await startApp('postgres');
      second = await startApp('postgres', {}, first);
      sitiOnFirst = await first.login(SITI);
      adminOnSecond = await second.login(ADMIN);
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    it('delivers a write on one process to a stream on the other', async () => {
      const base = await listen(second);
      const res = await openStream(base, adminOnSecond, 1);
      const stream = res.stream as Stream;
      try {
        await expect.poll(() => stream.statuses.at(-1), { timeout: 5_000 }).toBe(true);
        expect((await take(first, sitiOnFirst, 20)).statusCode).toBe(200);
        await stream.next((e) => e.jenis === 'ambil' && e.id_siswa === '20');
        expect((await score(first, sitiOnFirst, 20)).statusCode).toBe(200);
        await stream.next((e) => e.jenis === 'nilai' && e.id_siswa === '20');
      } finally {
        stream.close();
      }
    });
  },
);

describe.runIf(DATABASES.includes('postgres'))('the live stream after the database link comes back', () => {
  // A database of its own, so that refusing new connections to it cuts nobody else's tests.
  let database: { url: string; drop: () => Promise<void> };
  let dir: string;
  let app: FastifyInstance;
  let admin: pg.Client;
  const outbox: OtpMessage[] = [];
  /** How many participants the progress page counts as taken by the examiners. */
  const taken = async (t: TestApp, token: string) => {
    const res = await api(t, token, 'GET', API.panitia.progres.href(1));
    expect(res.statusCode).toBe(200);
    return (res.json().data as Progres).penguji.reduce((n, p) => n + p.diambil, 0);
  };
  const name = () => new URL(database.url).pathname.slice(1);
  const allowConnections = (allow: boolean) =>
    admin.query(`alter database ${name()} with allow_connections ${allow}`);

  let base: string;
  let adminToken: string;
  let siti: string;
  /** Participants of Siti's region, one per write of these tests. */
  let participants: number[];
  const t = () => ({ app }) as TestApp;

  beforeAll(async () => {
    database = await freshDatabase('ukt_live');
    dir = mkdtempSync(join(tmpdir(), 'ukt-live-gap-'));
    app = await buildApp(testConfig(dir, database.url, { UKT_DEMO: '1' }), {
      otpSender: { wait: true, send: async (m) => void outbox.push(m) },
    });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = async (noWa: string) => {
      await app.inject({ method: 'POST', url: '/uktNEW/api/auth/otp-login/1', payload: { no_wa: noWa } });
      const kode = outbox.filter((m) => m.to === noWa).at(-1)?.code;
      const res = await app.inject({
        method: 'POST',
        url: '/uktNEW/api/auth/otp-login/cek/1',
        payload: { no_wa: noWa, kode },
      });
      return res.json().token as string;
    };
    adminToken = await login(ADMIN);
    siti = await login(SITI);
    const list = await api(t(), siti, 'GET', `${API.siswa.href()}?id_ukt=1&hal=1&posUjian=2`);
    participants = (list.json().data as { id_siswa: string }[]).map((p) => Number(p.id_siswa));
  });
  afterAll(async () => {
    await allowConnections(true);
    await app.close();
    await admin.end();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says live again once the listener is back, the signal to read again what it could not announce', async () => {
    const [a, b] = participants as [number, number];
    const stream = (await openStream(base, adminToken, 1)).stream as Stream;
    try {
      await expect.poll(() => stream.statuses.at(-1), { timeout: 5_000 }).toBe(true);
      expect(await taken(t(), adminToken)).toBe(0);
      // The database refuses new connections and the listener's is cut: the stream stays open
      // and says it is not live; the pool's open connections still serve writes.
      await allowConnections(false);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
        [name()],
      );
      await expect.poll(() => stream.statuses.at(-1), { timeout: 5_000 }).toBe(false);
      const gap = await take(t(), siti, a);
      expect(gap.statusCode, gap.body).toBe(200);
      await new Promise((r) => setTimeout(r, 1_500));
      // Announced to nobody: this process was not listening.
      expect(stream.events.filter((e) => e.id_siswa === String(a))).toEqual([]);

      await allowConnections(true);
      // Back within the listener's longest wait (5 s), and the stream says so: read again.
      await expect.poll(() => stream.statuses.at(-1), { timeout: 8_000 }).toBe(true);
      // Read again, the progress has the write the stream never announced.
      expect(await taken(t(), adminToken)).toBe(1);
      // Writes after it are announced again.
      expect((await take(t(), siti, b)).statusCode).toBe(200);
      await stream.next((e) => e.jenis === 'ambil' && e.id_siswa === String(b));
    } finally {
      stream.close();
    }
  }, 30_000);

  it('announces a write late rather than never when the announcement could not be sent', async () => {
    const c = participants[2] as number;
    const stream = (await openStream(base, adminToken, 1)).stream as Stream;
    try {
      await expect.poll(() => stream.statuses.at(-1), { timeout: 5_000 }).toBe(true);
      expect(await taken(t(), adminToken)).toBe(2);
      // New connections refused and the announcing ones cut; the listener's stays: the stream
      // remains live, so nothing would tell the page to read again.
      await allowConnections(false);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like '%pg_notify%'`,
        [name()],
      );
      const write = await take(t(), siti, c);
      expect(write.statusCode, write.body).toBe(200);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(stream.events.filter((e) => e.id_siswa === String(c))).toEqual([]);
      expect(stream.statuses.at(-1)).toBe(true);

      // Connections allowed again: the announcement goes out at its next try.
      await allowConnections(true);
      await stream.next((e) => e.jenis === 'ambil' && e.id_siswa === String(c), 8_000);
    } finally {
      stream.close();
    }
  }, 30_000);
});
