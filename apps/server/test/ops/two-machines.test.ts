import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@ukt/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AGUS, DATABASES, SITI } from '../support/app';
import { type CaddyRun, runCaddy } from '../support/caddy';
import { callProcess as call } from '../support/http-call';
import { multipart } from '../support/multipart';
import { ROOT_DIR } from '../support/paths';
import { freshDatabase } from '../support/pg-cluster';
import { freePort, type ServerProcess, startServer } from '../support/server-process';

// Two machines behind one Caddy (issue #41, docs/decisions/165): two server processes, each with a
// DATA_DIR and a port of its own, on one PostgreSQL database, behind deploy/Caddyfile.mesin-banyak
// run by Caddy itself with both as upstreams and its health checks. Examiners sign in, take and
// score through whichever machine Caddy picks (both serve); a recording uploaded through one plays
// through the other; the console's live stream through Caddy shows the writes of both; one machine
// is killed in the middle of a burst of score writes: no acknowledged write is lost, the phones'
// retries (same Idempotency-Key) land on the other within seconds, and the stream, opened again
// through Caddy, sees later writes. PostgreSQL only: several machines share nothing else.

/** The shipped file, as the machine running Caddy uses it. */
const CADDYFILE = join(ROOT_DIR, 'deploy', 'Caddyfile.mesin-banyak');
/** A first WebM header and some bytes: what the recording check accepts. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(4_000)]);
/** The burst: how many score writes, how many phones at once, and the acknowledgement the kill follows. */
const BURST = 40;
const PHONES = 4;
const KILL_AFTER_ACKS = 10;
/** How soon a phone's retry must land on the machine still running. */
const RETRY_WITHIN_MS = 15_000;
/** How soon the live stream must show a write. */
const STREAM_WITHIN_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The console's live stream: its frames as they come, and whether the connection has ended. */
interface Stream {
  events: { jenis: string; id_siswa: string | null }[];
  statuses: boolean[];
  ended: boolean;
  close(): void;
}

function openStream(base: string, token: string, marker: string): Promise<Stream> {
  const controller = new AbortController();
  const stream: Stream = { events: [], statuses: [], ended: false, close: () => controller.abort() };
  return new Promise((resolve, reject) => {
    fetch(`${base}/uktNEW/api${API.panitia.stream.href(1)}?sambungan=${marker}`, {
      headers: { 'access-token': token },
      signal: controller.signal,
    }).then(async (res) => {
      if (res.status !== 200 || !res.body) {
        reject(new Error(`stream answered ${res.status}: ${await res.text()}`));
        return;
      }
      resolve(stream);
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (\w+)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (name === 'ukt' && data) stream.events.push(JSON.parse(data));
            if (name === 'status' && data) stream.statuses.push(JSON.parse(data).live);
          }
        }
      } catch {
        // Cut (the machine died) or closed by the test.
      }
      stream.ended = true;
    }, reject);
  });
}

describe.runIf(DATABASES.includes('postgres'))(
  'two machines behind Caddy on one PostgreSQL',
  { timeout: 240_000 },
  () => {
    let dir: string;
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let sql: pg.Client;
    let caddy: CaddyRun;
    let proxy = '';
    const machines: { name: string; server: ServerProcess; base: string }[] = [];
    const tokens: Record<string, string> = {};
    const outbox = () => join(dir, 'otp.jsonl');

    const startMachine = async (name: string) => {
      const port = await freePort();
      const dataDir = join(dir, name);
      mkdirSync(dataDir);
      const server = startServer({
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          UKT_SECRET: 'two-machines-secret-0123456789abcdef',
          PUBLIC_URL: 'https://ukt.perguruan.test',
          TRUST_PROXY: '127.0.0.1',
          OTP_DELIVERY: 'file',
          OTP_OUTBOX: outbox(),
          RATE_LIMIT_PER_MINUTE: '100000',
          // Per-request lines: which machine served what.
          LOG_LEVEL: 'debug',
          WEB_DIST: join(dir, 'none'),
        },
      });
      const base = await server.listening();
      machines.push({ name, server, base });
      return { server, base, port };
    };

    /** The request URLs a machine has logged so far. */
    const servedBy = (m: { server: ServerProcess }) =>
      [...m.server.output.matchAll(/"url":"([^"]+)"[^\n]*"msg":"incoming request"/g)].map(
        (x) => x[1] as string,
      );

    const codeFor = (noWa: string) => {
      const lines = existsSync(outbox()) ? readFileSync(outbox(), 'utf8').trim().split('\n') : [];
      return lines
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; code: string })
        .filter((m) => m.to === noWa)
        .at(-1)?.code;
    };
    /** Signs in through Caddy: the code asked of one machine, checked by whichever answers next. */
    const login = async (noWa: string) => {
      const sent = await call(proxy, 'POST', '/auth/otp-login/1', { body: { no_wa: noWa } });
      expect(sent.status, sent.text).toBe(200);
      const res = await call(proxy, 'POST', '/auth/otp-login/cek/1', {
        body: { no_wa: noWa, kode: codeFor(noWa) },
      });
      expect(res.status, res.text).toBe(200);
      return res.body.token as string;
    };
    const listPage = async (token: string, hal: number) => {
      const res = await call(proxy, 'GET', `/DataSiswa/siswa?id_ukt=1&hal=${hal}&posUjian=2`, { token });
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { id_siswa: string }[]).map((r) => r.id_siswa);
    };
    const take = (base: string, token: string, id: string) =>
      call(base, 'POST', API.siswaUpdate.href(id), { token, body: { id_ukt: 1, sudah_tes: '1' } });
    const write = (base: string, token: string, id: string, value: number, key: string) =>
      call(base, 'POST', API.nilai.href(), {
        token,
        body: { id_siswa: Number(id), id_ukt: 1, id_tingkat: 1, nilai_jurus: value, nilai_jurus_plus: 0 },
        headers: { 'idempotency-key': key },
      });
    const jurusOf = async (ids: string[]) => {
      const { rows } = await sql.query<{ id_siswa: number; nilai_jurus: number | null }>(
        'select id_siswa, nilai_jurus from nilai where id_ukt = 1 and id_siswa = any($1)',
        [ids.map(Number)],
      );
      return new Map(rows.map((r) => [String(r.id_siswa), r.nilai_jurus]));
    };
    const until = async (what: () => boolean, ms: number) => {
      const since = Date.now();
      while (!what() && Date.now() - since < ms) await sleep(50);
      return what();
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'ukt-dua-mesin-'));
      database = await freshDatabase('ukt_dua_mesin');
      // The first machine alone makes the schema and the demo; the second joins what it made.
      await startMachine('mesin-1');
      await startMachine('mesin-2');
      const port = await freePort();
      const caddyDir = join(dir, 'caddy');
      mkdirSync(caddyDir);
      caddy = runCaddy(['caddy', 'run', '--adapter', 'caddyfile', '--config', CADDYFILE], caddyDir, {
        PATH: process.env.PATH,
        HOME: caddyDir,
        XDG_CONFIG_HOME: join(caddyDir, 'config'),
        XDG_DATA_HOME: join(caddyDir, 'xdg-data'),
        UKT_HOST: `http://127.0.0.1:${port}`,
        UKT_UPSTREAM: machines.map((m) => m.base.replace('http://', '')).join(' '),
        UKT_CADDY_DATA: join(caddyDir, 'data'),
        UKT_BIND: '127.0.0.1',
        UKT_HTTP_PORT: String(port),
        UKT_HTTPS_PORT: String(await freePort()),
        UKT_CADDY_ADMIN: 'off',
      });
      proxy = `http://127.0.0.1:${port}`;
      for (const since = Date.now(); ; ) {
        const res = await fetch(`${proxy}/uktNEW/api/health`).catch(() => undefined);
        if (res?.status === 200) break;
        if (caddy.child.exitCode !== null || Date.now() - since > 30_000)
          throw new Error(`Caddy did not answer: ${caddy.stderr()}`);
        await sleep(100);
      }
      sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
    }, 180_000);

    afterAll(async () => {
      await sql?.end();
      await caddy?.stop();
      await Promise.all(machines.map((m) => m.server.stop('SIGKILL')));
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('examiners sign in, take and score through Caddy, and both machines serve them', async () => {
      tokens.admin = await login(ADMIN);
      tokens.siti = await login(SITI);
      tokens.agus = await login(AGUS);
      const ids = (await listPage(tokens.siti, 1)).slice(0, 6);
      expect(ids).toHaveLength(6);
      for (const [i, id] of ids.entries()) {
        const took = await take(proxy, tokens.siti, id);
        expect(took.status, took.text).toBe(200);
        const wrote = await write(proxy, tokens.siti, id, 60 + i, `masuk-${id}`);
        expect(wrote.status, wrote.text).toBe(200);
      }
      expect([...(await jurusOf(ids)).entries()].sort()).toEqual(ids.map((id, i) => [id, 60 + i]).sort());
      // Each machine's log shows takes and score writes it answered (Caddy's turns, not its health
      // checks): with two machines in turn, one may get every take and the other every score.
      for (const m of machines) {
        const exam = servedBy(m).filter(
          (url) => url.endsWith(API.nilai.href()) || url.includes('/DataSiswa/siswaUpdate/'),
        );
        expect(exam.length, `${m.name} served takes or score writes`).toBeGreaterThan(0);
      }
    });

    it('a KSHAN recording uploaded through one machine plays through the other, the same bytes', async () => {
      const [one, other] = machines as [(typeof machines)[0], (typeof machines)[0]];
      const { payload, headers } = multipart({ id_siswa: '2', id_soal: '1', id_ukt: '1' }, { data: WEBM });
      const up = await fetch(`${one.base}/uktNEW/api${API.keshanUploadAudio.href()}`, {
        method: 'POST',
        headers: { ...headers, 'access-token': tokens.admin as string },
        body: payload,
      });
      expect(up.status, await up.text()).toBe(200);
      for (const base of [other.base, proxy, proxy]) {
        const back = await fetch(`${base}/uktNEW/api${API.keshanAudio.href(1, 2, 1)}`, {
          headers: { 'access-token': tokens.admin as string },
        });
        expect(back.status, `${base}`).toBe(200);
        expect(Buffer.from(await back.arrayBuffer()).equals(WEBM), `${base}: the same bytes`).toBe(true);
      }
    });

    it('the live stream through Caddy shows writes made through either machine', async () => {
      const stream = await openStream(proxy, tokens.admin as string, 'satu');
      try {
        expect(await until(() => stream.statuses.includes(true), STREAM_WITHIN_MS)).toBe(true);
        const ids = (await listPage(tokens.admin as string, 2)).slice(0, machines.length);
        for (const [i, m] of machines.entries()) {
          const id = ids[i] as string;
          const took = await take(m.base, tokens.admin as string, id);
          expect(took.status, took.text).toBe(200);
          const seen = await until(
            () => stream.events.some((e) => e.jenis === 'ambil' && e.id_siswa === id),
            STREAM_WITHIN_MS,
          );
          expect(seen, `a take through ${m.name} on the stream: ${JSON.stringify(stream.events)}`).toBe(true);
        }
      } finally {
        stream.close();
      }
    });

    it('a machine killed mid-burst: no acknowledged score lost, retries land on the other, the stream comes back', async () => {
      const admin = tokens.admin as string;
      const [victim, survivor] = machines as [(typeof machines)[0], (typeof machines)[0]];
      // The console's stream on the machine about to die: opened through Caddy until Caddy's turn is
      // that machine's (its log names the marker).
      let stream: Stream | undefined;
      for (let i = 0; i < 6 && !stream; i++) {
        const marker = `tes-${i}`;
        const opened = await openStream(proxy, admin, marker);
        await until(() => opened.statuses.length > 0, STREAM_WITHIN_MS);
        if (servedBy(victim).some((url) => url.includes(`sambungan=${marker}`))) stream = opened;
        else opened.close();
      }
      if (!stream) throw new Error(`no stream landed on ${victim.name}`);

      const ids = [
        ...(await listPage(admin, 3)),
        ...(await listPage(admin, 4)),
        ...(await listPage(admin, 5)),
      ].slice(0, BURST);
      expect(ids).toHaveLength(BURST);
      for (const id of ids) expect((await take(proxy, admin, id)).status).toBe(200);
      const writes = ids.map((id, i) => ({
        id,
        value: 50 + (i % 30),
        key: `ledak-${id}-${randomBytes(3).toString('hex')}`,
      }));
      const acked = new Set<string>();
      const unanswered: typeof writes = [];
      const refused: string[] = [];
      let killed = false;
      let next = 0;
      const phone = async () => {
        while (next < writes.length) {
          const w = writes[next++] as (typeof writes)[number];
          try {
            const res = await write(proxy, admin, w.id, w.value, w.key);
            if (res.status >= 200 && res.status < 300) acked.add(w.key);
            else unanswered.push(w);
          } catch {
            unanswered.push(w);
          }
          if (!killed && acked.size >= KILL_AFTER_ACKS) {
            killed = true;
            victim.server.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: PHONES }, phone));
      expect(await victim.server.exited).toBeNull();
      expect(acked.size, 'the kill came before the burst ended').toBeLessThan(BURST);
      expect(refused).toEqual([]);
      expect(acked.size + unanswered.length).toBe(BURST);

      // Every acknowledged write is in the database.
      const stored = await jurusOf(ids);
      for (const w of writes.filter((x) => acked.has(x.key)))
        expect(stored.get(w.id), `acknowledged write of ${w.id}`).toBe(w.value);

      // The phones send the rest again through Caddy, each with its own key: it lands on the survivor.
      for (const w of unanswered) {
        const since = Date.now();
        let res = await write(proxy, admin, w.id, w.value, w.key).catch(() => undefined);
        while ((res === undefined || res.status >= 300) && Date.now() - since < RETRY_WITHIN_MS) {
          await sleep(500);
          res = await write(proxy, admin, w.id, w.value, w.key).catch(() => undefined);
        }
        expect(res?.status, `retry of ${w.id}: ${res?.text}`).toBe(200);
        expect(Date.now() - since).toBeLessThan(RETRY_WITHIN_MS);
      }
      const after = await jurusOf(ids);
      expect(writes.map((w) => after.get(w.id))).toEqual(writes.map((w) => w.value));
      // Each write once in the audit log: none lost, none applied twice.
      const { rows } = await sql.query<{ n: number }>(
        `select count(*)::int as n from audit_log where id_ukt = 1 and field = 'nilai_jurus' and id_siswa = any($1)
       group by id_siswa`,
        [ids.map(Number)],
      );
      expect(rows.map((r) => r.n)).toEqual(ids.map(() => 1));

      // The console's stream was cut with its machine; opened again through Caddy it is on the
      // survivor and shows a write made after the kill.
      expect(await until(() => stream.ended, STREAM_WITHIN_MS)).toBe(true);
      const again = await openStream(proxy, admin, 'lagi');
      try {
        expect(await until(() => again.statuses.includes(true), STREAM_WITHIN_MS)).toBe(true);
        expect(servedBy(survivor).some((url) => url.includes('sambungan=lagi'))).toBe(true);
        const later = (await listPage(admin, 6))[0] as string;
        expect((await take(proxy, admin, later)).status).toBe(200);
        const seen = await until(
          () => again.events.some((e) => e.jenis === 'ambil' && e.id_siswa === later),
          STREAM_WITHIN_MS,
        );
        expect(seen, JSON.stringify(again.events)).toBe(true);
      } finally {
        again.close();
      }
    });
  },
);
