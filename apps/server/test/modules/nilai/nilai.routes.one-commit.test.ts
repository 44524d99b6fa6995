import { API, DISAHKAN_MESSAGE, Soal } from '@ukt/core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import SQLite from '../../../src/db/sqlite-driver';
import { api, body, DATABASES, type SignedInApp, startSignedIn } from '../../support/app';
import { findScopedExaminer } from '../../support/scoped-examiner';
import { fisikPayload } from '../../support/scores';

// A phone's score write is one commit (docs/decisions/116): on PostgreSQL one statement sent in
// autocommit, on SQLite one writer transaction. Counted where the statements reach the database
// drivers, so whatever path a write takes through Kysely, the writer or the plugins is seen.

type Sent = { statements: string[]; stop: () => void };

/** Every statement the app's pg clients send until stop(), but the live bus's NOTIFY and LISTEN. */
function watchPostgres(): Sent {
  const statements: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '');
    if (!/pg_notify|^\s*listen/i.test(text)) statements.push(text.trim());
    return query.apply(this, args);
  };
  const stop = () => {
    proto.query = query;
  };
  return { statements, stop };
}

/** Every statement better-sqlite3 runs without returning rows (BEGIN and COMMIT among them) until stop(). */
function watchSqlite(): Sent {
  const statements: string[] = [];
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as {
    run: (...args: unknown[]) => unknown;
  };
  probe.close();
  const run = proto.run;
  proto.run = function (this: { source: string }, ...args: unknown[]) {
    statements.push(this.source.trim());
    return run.apply(this, args);
  };
  const stop = () => {
    proto.run = run;
  };
  return { statements, stop };
}

const isCommit = (text: string) => /^commit\b/i.test(text);
const isBegin = (text: string) => /^begin\b/i.test(text);

describe.each(DATABASES)('a score write on %s', (kind) => {
  let s: SignedInApp;
  let sent: Sent | undefined;
  /** Participants of event 1 in Siti's region, so hers to score. */
  let ids: number[] = [];
  beforeAll(async () => {
    s = await startSignedIn(kind);
    const db = s.t.app.db;
    const siti = await findScopedExaminer(s.t);
    const rows = await db
      .selectFrom('siswa')
      .select('id_siswa')
      .where('id_ukt', '=', 1)
      .where('id_perwapus', '=', siti.id_perwapus as number)
      .where('id_cabang', '=', siti.id_cabang as number)
      .orderBy('id_siswa')
      .limit(8)
      .execute();
    ids = rows.map((r) => r.id_siswa);
    // The session is looked up once and then remembered (docs/decisions/018): a write after this
    // one is only the write.
    const warm = await api(s.t, s.siti, 'POST', API.nilai.href(), { ...key(0), nilai_sambung: 60 });
    expect(warm.statusCode, warm.body).toBe(200);
  });
  afterEach(() => sent?.stop());
  afterAll(async () => s.t.close());

  function key(n: number) {
    return { id_siswa: ids[n] as number, id_ukt: 1, id_tingkat: 1 };
  }
  const watch = () => {
    sent = kind === 'postgres' ? watchPostgres() : watchSqlite();
    return sent;
  };
  const write = (path: string, payload: object, idempotencyKey: string, token = s.siti) =>
    api(s.t, token, 'POST', path, payload, { 'idempotency-key': idempotencyKey });

  /** What one request sent to the database. */
  async function sentBy(request: () => ReturnType<typeof api>) {
    const seen = watch();
    const res = await request();
    seen.stop();
    return { res, statements: seen.statements };
  }

  it('writes a score, its audit rows and the kept answer in one commit', async () => {
    const payload = { ...key(1), nilai_senam: 71, nilai_senam_plus: 2 };
    const { res, statements } = await sentBy(() => write(API.nilai.href(), payload, 'satu-1'));
    expect(res.statusCode, res.body).toBe(200);
    if (kind === 'postgres') {
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^select \* from ukt_simpan_nilai\(/);
    } else {
      expect(statements.filter(isBegin)).toHaveLength(1);
      expect(statements.filter(isCommit)).toHaveLength(1);
    }
    const audit = await s.t.app.db
      .selectFrom('audit_log')
      .select(['field', 'old_value', 'new_value'])
      .where('id_siswa', '=', key(1).id_siswa)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { field: 'nilai_senam', old_value: null, new_value: 71 },
      { field: 'nilai_senam_plus', old_value: null, new_value: 2 },
    ]);
    const kept = await s.t.app.db
      .selectFrom('idempotency')
      .select(['status_code', 'response'])
      .where('key', '=', 'satu-1')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ status_code: 200, response: res.body });
  });

  it('answers a repeat from the kept answer in one statement (PostgreSQL) or one commit (SQLite)', async () => {
    const payload = { ...key(2), nilai_sambung: 65 };
    const first = await write(API.nilai.href(), payload, 'satu-2');
    expect(first.statusCode, first.body).toBe(200);
    const { res, statements } = await sentBy(() => write(API.nilai.href(), payload, 'satu-2'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(first.body);
    expect(res.headers['idempotent-replayed']).toBe('true');
    if (kind === 'postgres') expect(statements).toHaveLength(1);
    else expect(statements.filter(isCommit)).toHaveLength(1);
  });

  it('writes a physical payload in one commit too', async () => {
    const { res, statements } = await sentBy(() =>
      write(API.nilaiFisik.href(), fisikPayload(ids[3] as number), 'satu-3'),
    );
    expect(res.statusCode, res.body).toBe(200);
    if (kind === 'postgres') expect(statements).toHaveLength(1);
    else expect(statements.filter(isCommit)).toHaveLength(1);
  });

  it('keeps a KESHAN sheet, its grade and the answer in one commit', async () => {
    const soal = Soal.array().parse((await api(s.t, s.siti, 'GET', '/keshan/soal/1')).json().data);
    const payload = { ...key(4), jawaban: soal.map((q) => ({ id_soal: Number(q.id_soal), jawaban: 'a' })) };
    const { res, statements } = await sentBy(() => write(API.keshanJawaban.href(), payload, 'satu-4'));
    expect(res.statusCode, res.body).toBe(200);
    expect(statements.filter(isCommit)).toHaveLength(1);
    const again = await write(API.keshanJawaban.href(), payload, 'satu-4');
    expect(again.body).toBe(res.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  // Refusals, their texts and that none keeps its key: test/parity/simpan-nilai.parity.test.ts.

  it('refuses a ratified event for now: the same key writes once the ratification is undone', async () => {
    const payload = { ...key(7), nilai_senam: 75, nilai_senam_plus: 0 };
    expect((await api(s.t, s.admin, 'POST', API.panitia.sahkan.href(1), {})).statusCode).toBe(200);
    const first = await write(API.nilai.href(), payload, 'sah-1');
    expect(first.statusCode).toBe(409);
    expect(body(first)).toEqual({ success: false, message: DISAHKAN_MESSAGE });
    const undo = await api(s.t, s.admin, 'POST', API.panitia.batalSahkan.href(1), {
      alasan: 'Ada nilai keliru',
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const retry = await write(API.nilai.href(), payload, 'sah-1');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});
