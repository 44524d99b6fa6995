import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../src/maintenance';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../support/app';

describe.each(DATABASES)('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  let siti: string;
  let admin: string;
  beforeAll(async () => {
    ({ t, siti, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const save = (token: string, k: string, payload: Record<string, unknown>) =>
    api(t, token, 'POST', '/DataSiswa/NilaiSiswa', payload, { 'idempotency-key': k });
  const audits = async (id_siswa: number) =>
    (await t.app.db.selectFrom('audit_log').select('id').where('id_siswa', '=', id_siswa).execute()).length;

  it('answers a repeat with the first answer and writes nothing twice', async () => {
    const payload = { id_siswa: 1, id_ukt: 1, id_tingkat: 1, nilai_sambung: 70 };
    const first = await save(siti, 'k-1', payload);
    expect(first.statusCode).toBe(200);
    await save(siti, 'k-other', { ...payload, nilai_sambung: 80 });
    const repeat = await save(siti, 'k-1', payload);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.body).toBe(first.body);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await audits(1)).toBe(2);
    const record = await api(t, siti, 'GET', '/DataSiswa/NilaiSiswa?id_siswa=1&id_ukt=1&id_tingkat=1');
    expect(record.json().data.nilai_sambung).toBe(80);
  });

  it('replays a refusal too, since the first answer is the answer', async () => {
    await api(t, admin, 'POST', '/DataSiswa/siswaUpdate/2', { id_ukt: 1, sudah_tes: 1 });
    const payload = { id_siswa: 2, id_ukt: 1, id_tingkat: 1, nilai_senam: 70, nilai_senam_plus: 0 };
    const first = await save(siti, 'k-2', payload);
    expect(first.statusCode).toBe(409);
    const again = await save(siti, 'k-2', payload);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(first.body);
  });

  it('answers 422 for the same key with a different body', async () => {
    const payload = { id_siswa: 3, id_ukt: 1, id_tingkat: 1, nilai_sambung: 70 };
    expect((await save(siti, 'k-3', payload)).statusCode).toBe(200);
    const other = await save(siti, 'k-3', { ...payload, nilai_sambung: 90 });
    expect(other.statusCode).toBe(422);
    expect(body(other)).toMatchObject({
      success: false,
      message: expect.stringContaining('Idempotency-Key'),
    });
    const record = await api(t, siti, 'GET', '/DataSiswa/NilaiSiswa?id_siswa=3&id_ukt=1&id_tingkat=1');
    expect(record.json().data.nilai_sambung).toBe(70);
  });

  it('answers 409 to a retry while the first request is still running, then lets a retry take over a dead one', async () => {
    const payload = { id_siswa: 4, id_ukt: 1, id_tingkat: 1, nilai_sambung: 65 };
    expect((await save(siti, 'k-4', payload)).statusCode).toBe(200);
    // Put the key back in the state a first request is in while it runs: reserved, no answer yet.
    const unanswered = () =>
      t.app.db
        .updateTable('idempotency')
        .set({ status_code: null, response: null, created_at: t.app.clock() })
        .where('key', '=', 'k-4')
        .execute();
    await unanswered();
    const retry = await save(siti, 'k-4', payload);
    expect(retry.statusCode).toBe(409);
    expect(body(retry).message).toContain('masih diproses');
    // A first request that never answered within a minute is taken to have died.
    t.advance(61_000);
    const takeover = await save(siti, 'k-4', payload);
    expect(takeover.statusCode).toBe(200);
    expect(takeover.headers['idempotent-replayed']).toBeUndefined();
    expect((await save(siti, 'k-4', payload)).headers['idempotent-replayed']).toBe('true');
  });

  it('keeps keys per examiner and ignores them on reads', async () => {
    const payload = { id_siswa: 17, id_ukt: 1, id_tingkat: 1, nilai_sambung: 55 };
    expect((await save(siti, 'shared', payload)).statusCode).toBe(200);
    expect((await save(admin, 'shared', { ...payload, nilai_sambung: 60 })).statusCode).toBe(200);
    const read = await api(t, siti, 'GET', '/DataSiswa/UKT', undefined, { 'idempotency-key': 'shared' });
    expect(read.statusCode).toBe(200);
    const bad = await save(siti, 'has space', payload);
    expect(bad.statusCode).toBe(400);
  });

  it('forgets keys after 24 hours', async () => {
    const payload = { id_siswa: 18, id_ukt: 1, id_tingkat: 1, nilai_sambung: 50 };
    expect((await save(siti, 'k-old', payload)).statusCode).toBe(200);
    t.advance(25 * 60 * 60 * 1000);
    await pruneExpired(t.app);
    const left = await t.app.db.selectFrom('idempotency').select('key').where('key', '=', 'k-old').execute();
    expect(left).toEqual([]);
  });
});
