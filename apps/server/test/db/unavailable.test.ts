import { join } from 'node:path';
import { API } from '@ukt/core';
import { sql, type Transaction } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import SQLite from '../../src/db/sqlite-driver';
import type { Database } from '../../src/db/types';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import type { Writer } from '../../src/db/writer';
import { ADMIN, api, body, SITI, startApp, type TestApp } from '../support/app';

// DESIGN §4 "When the database is away": 503 + Retry-After and the outbox's message, never a 500
// (PostgreSQL stopping and starting is in db-outage.test.ts).
const MESSAGE = 'Server sedang tidak dapat menyimpan; nilai tetap di HP dan akan dikirim lagi.';
const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('what counts as the database being away', () => {
  it('knows PostgreSQL outages, SQLite locks and disk errors, through wrappers', () => {
    const away = [
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P02'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new SQLite.SqliteError('database is locked', 'SQLITE_BUSY'),
      new SQLite.SqliteError('database is locked', 'SQLITE_BUSY_SNAPSHOT'),
      new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE'),
      new SQLite.SqliteError('database or disk is full', 'SQLITE_FULL'),
      new SQLite.SqliteError('attempt to write a readonly database', 'SQLITE_READONLY'),
      new Error('Migrasi x gagal', { cause: coded('ECONNREFUSED') }),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
    ];
    for (const error of away) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    const notAway = [
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('42P01', 'relation does not exist'),
      new SQLite.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'),
      new TypeError('Cannot read properties of undefined'),
      coded('FST_ERR_VALIDATION'),
      'ECONNREFUSED',
      undefined,
    ];
    for (const error of notAway) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});

describe('SQLite locked by another process, or failing', () => {
  let t: TestApp;
  let siti: string;
  let admin: string;
  let locker: SQLite.Database;
  let realRun: Writer['run'];

  beforeAll(async () => {
    // The app waits 50 ms for a lock instead of 5 s, so each refusal comes quickly.
    t = await startApp('sqlite', {}, undefined, { sqliteBusyTimeoutMs: 50 });
    siti = await t.login(SITI);
    admin = await t.login(ADMIN);
    locker = new SQLite(join(t.config.dataDir, 'ukt.db'));
    realRun = t.app.writer.run;
  });
  afterEach(() => {
    if (locker.inTransaction) locker.exec('ROLLBACK');
    t.app.writer.run = realRun;
  });
  afterAll(async () => {
    locker.close();
    await t.close();
  });

  const score = (id_siswa: number, nilai_sambung: number) => ({
    id_siswa,
    id_ukt: 1,
    id_tingkat: 1,
    nilai_sambung,
  });
  const save = (payload: Record<string, unknown>, key?: string) =>
    api(t, siti, 'POST', '/DataSiswa/NilaiSiswa', payload, key ? { 'idempotency-key': key } : {});
  const saved = async (id_siswa: number) => {
    const res = await api(t, siti, 'GET', `/DataSiswa/NilaiSiswa?id_siswa=${id_siswa}&id_ukt=1&id_tingkat=1`);
    expect(res.statusCode).toBe(200);
    return res.json().data.nilai_sambung as number;
  };
  const expectUnavailable = (res: Awaited<ReturnType<typeof save>>) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(body(res)).toEqual({ success: false, message: MESSAGE });
  };

  it('answers writes 503 with Retry-After while another process holds the write lock; reads go on', async () => {
    locker.exec('BEGIN IMMEDIATE');
    expectUnavailable(await save(score(1, 70)));
    expectUnavailable(await api(t, siti, 'POST', '/DataSiswa/siswaUpdate/1', { id_ukt: 1, sudah_tes: 1 }));
    expect(await saved(1)).toBe(0);
    expect((await api(t, undefined, 'GET', '/health')).statusCode).toBe(200);
    locker.exec('ROLLBACK');
    expect((await save(score(1, 70))).statusCode).toBe(200);
    expect(await saved(1)).toBe(70);
  });

  it('takes the same Idempotency-Key again once the lock is gone', async () => {
    locker.exec('BEGIN IMMEDIATE');
    expectUnavailable(await save(score(2, 75), 'locked-1'));
    locker.exec('ROLLBACK');
    const retry = await save(score(2, 75), 'locked-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await save(score(2, 75), 'locked-1')).headers['idempotent-replayed']).toBe('true');
    expect(await saved(2)).toBe(75);
  });

  it('does not leave a key stuck when the lock stops a score write', async () => {
    // A score write keeps its key in its own commit (docs/decisions/116): there is no moment
    // between reserving the key and writing in which the lock could leave the key reserved.
    locker.exec('BEGIN IMMEDIATE');
    expectUnavailable(await save(score(3, 80), 'locked-2'));
    locker.exec('ROLLBACK');
    const left = await t.app.db.selectFrom('idempotency').selectAll().where('key', '=', 'locked-2').execute();
    expect(left).toEqual([]);
    // The phone's retry a moment later: the write runs, no 409 "masih diproses" for a minute.
    const retry = await save(score(3, 80), 'locked-2');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await saved(3)).toBe(80);
  });

  it('does not leave a key stuck when the lock comes between reserving it and writing (a console correction)', async () => {
    // The console's correction keeps its key through the plugin: reserved in one commit, answered
    // in another. Another process takes the lock right after the reservation.
    let calls = 0;
    t.app.writer.run = <T>(work: (trx: Transaction<Database>) => Promise<T>) => {
      const result = realRun(work);
      if (++calls === 1) void result.then(() => locker.exec('BEGIN IMMEDIATE'));
      return result;
    };
    const koreksi = () =>
      api(
        t,
        admin,
        'POST',
        API.panitia.koreksi.href(1),
        { id_siswa: 4, komponen: 'sambung', nilai: 75, alasan: 'Salah tekan di HP penguji' },
        { 'idempotency-key': 'locked-koreksi' },
      );
    expectUnavailable(await koreksi());
    t.app.writer.run = realRun;
    locker.exec('ROLLBACK');
    const left = await t.app.db
      .selectFrom('idempotency')
      .selectAll()
      .where('key', '=', 'locked-koreksi')
      .execute();
    expect(left).toMatchObject([{ status_code: null }]);
    // The committee's retry a moment later: the correction runs, no 409 "masih diproses" for a minute.
    const retry = await koreksi();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await saved(4)).toBe(75);
  });

  it('answers 503 for a disk error, which also fails the rest of its group commit with the same cause', async () => {
    const ioerr = new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE');
    // A disk error on which SQLite rolled the whole transaction back by itself.
    const failing = realRun(async (trx) => {
      await sql`rollback`.execute(trx);
      throw ioerr;
    });
    const neighbour = realRun(async (trx) => trx.selectFrom('meta').selectAll().execute());
    const results = await Promise.allSettled([failing, neighbour]);
    expect(results).toEqual([
      { status: 'rejected', reason: ioerr },
      { status: 'rejected', reason: ioerr },
    ]);
    t.app.writer.run = () => Promise.reject(ioerr);
    expectUnavailable(await save(score(4, 85)));
    t.app.writer.run = realRun;
    expect((await save(score(4, 85))).statusCode).toBe(200);
  });
});
