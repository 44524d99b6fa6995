import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PendingItem } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run';
import { AppError } from '../../../src/lib/errors';
import { importPending, readPendingFile } from '../../../src/modules/imports/pending.service';
import { ADMIN, api, DATABASES, startApp, type TestApp } from '../../support/app';

// `ukt import pending FILE`: what a phone could not send, exported from its outbox, replayed
// through the API as its examiner with the same Idempotency-Keys.

const sambung = (id_siswa: number, nilai_sambung: number) => ({
  kind: 'json' as const,
  value: { id_siswa, id_ukt: 1, id_tingkat: 1, nilai_sambung },
});

/** A demo server signed in as the admin, with helpers to build items and read scores back. */
function pendingFixture(kind: 'sqlite' | 'postgres') {
  const f = {
    t: undefined as unknown as TestApp,
    admin: '',
    adminId: '',
    dir: '',
    item: (key: string, body: PendingItem['body'], path = '/DataSiswa/NilaiSiswa'): PendingItem => ({
      key,
      examinerId: f.adminId,
      path,
      label: `Nilai ${key}`,
      body,
    }),
    sambungOf: async (id_siswa: number) => {
      const query = `id_siswa=${id_siswa}&id_tingkat=1&id_ukt=1`;
      const res = await api(f.t, f.admin, 'GET', `/DataSiswa/NilaiSiswa?${query}`);
      return res.json().data.nilai_sambung as number;
    },
  };
  beforeAll(async () => {
    f.t = await startApp(kind);
    f.admin = await f.t.login(ADMIN);
    const row = await f.t.app.db
      .selectFrom('penguji')
      .select('id_pemilih')
      .where('no_wa', '=', ADMIN)
      .executeTakeFirstOrThrow();
    f.adminId = String(row.id_pemilih);
    f.dir = mkdtempSync(join(tmpdir(), 'ukt-pending-'));
  });
  afterAll(async () => {
    await f.t.close();
    rmSync(f.dir, { recursive: true, force: true });
  });
  return f;
}

function exportFile(items: unknown[]) {
  return { format: 'ukt-pending', version: 1, exported_at: '2026-11-21T10:00:00.000Z', items };
}

describe.each(DATABASES)('importing exported pending scores on %s', (kind) => {
  const f = pendingFixture(kind);
  const { item, sambungOf } = f;
  const auditCount = async () => {
    const row = await f.t.app.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('saves every item as its examiner, and a second import writes nothing again', async () => {
    const items = [item('k-a', sambung(5, 80)), item('k-b', sambung(6, 65))];
    expect(await importPending(f.t.app, items)).toEqual({ terkirim: 2, sudahAda: 0, ditolak: [] });
    expect([await sambungOf(5), await sambungOf(6)]).toEqual([80, 65]);
    const audits = await auditCount();

    expect(await importPending(f.t.app, items)).toEqual({ terkirim: 0, sudahAda: 2, ditolak: [] });
    expect(await auditCount()).toBe(audits);
  });

  it('counts an item the phone did send itself as already there', async () => {
    const body = { id_siswa: 7, id_ukt: 1, id_tingkat: 1, nilai_sambung: 70 };
    const sent = await api(f.t, f.admin, 'POST', '/DataSiswa/NilaiSiswa', body, {
      'idempotency-key': 'k-phone',
    });
    expect(sent.statusCode).toBe(200);
    const report = await importPending(f.t.app, [item('k-phone', { kind: 'json', value: body })]);
    expect(report).toEqual({ terkirim: 0, sudahAda: 1, ditolak: [] });
  });

  it('reports an item the server refuses with its message, and still saves the others', async () => {
    const report = await importPending(f.t.app, [
      item('k-bad', sambung(8, 87)),
      item('k-good', sambung(9, 90)),
    ]);
    expect(report.terkirim).toBe(1);
    expect(report.ditolak).toHaveLength(1);
    expect(report.ditolak[0]?.label).toBe('Nilai k-bad');
    expect(report.ditolak[0]?.message).toContain('Nilai SAMBUNG');
    expect(await sambungOf(8)).toBe(0);
    expect(await sambungOf(9)).toBe(90);
  });

  it('refuses items of an examiner who is not registered', async () => {
    const report = await importPending(f.t.app, [{ ...item('k-x', sambung(10, 80)), examinerId: '999999' }]);
    expect(report.ditolak).toEqual([{ label: 'Nilai k-x', message: 'Penguji 999999 tidak terdaftar.' }]);
  });

  it('replays a recorded answer as multipart', async () => {
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(400, 1)]).toString('base64');
    const form: PendingItem['body'] = {
      kind: 'form',
      entries: [
        ['id_siswa', '11'],
        ['id_soal', '1'],
        ['id_ukt', '1'],
        ['audio', { base64: ogg, type: 'audio/ogg' }, 'rekaman.ogg'],
      ],
    };
    const report = await importPending(f.t.app, [item('k-audio', form, '/keshan/upload-audio')]);
    expect(report).toEqual({ terkirim: 1, sudahAda: 0, ditolak: [] });
  });

  it('checks the file before anything is sent, naming the place that is wrong', async () => {
    const write = (name: string, content: unknown) => {
      const path = join(f.dir, name);
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      return path;
    };
    await expect(readPendingFile(write('a.json', '{not json'))).rejects.toThrow(AppError);
    await expect(readPendingFile(write('b.json', { format: 'lain', version: 1, items: [] }))).rejects.toThrow(
      /format/,
    );
    const wrongPath = exportFile([{ ...item('k-p', sambung(1, 80)), path: '/auth/logout' }]);
    await expect(readPendingFile(write('c.json', wrongPath))).rejects.toThrow(/items\.0\.path/);
    const items = await readPendingFile(write('d.json', exportFile([item('k-d', sambung(1, 80))])));
    expect(items).toHaveLength(1);
  });
});

// The command itself reads the file and opens the database from its configuration; once is enough.
describe('the ukt import pending command', () => {
  const f = pendingFixture('sqlite');
  const { item, sambungOf } = f;

  it('runs as `ukt import pending FILE` and exits 1 when something is refused', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const path = join(f.dir, 'nilai-tertunda.json');
    writeFileSync(
      path,
      JSON.stringify(exportFile([item('k-cli', sambung(12, 75)), item('k-cli-bad', sambung(13, 1))])),
    );
    expect(await runCli(['import', 'pending', path], f.t.config, io)).toBe(1);
    expect(out.join('\n')).toContain('Nilai tertunda: 1 tersimpan, 0 sudah ada sebelumnya, 1 ditolak.');
    expect(out.join('\n')).toContain('ditolak: Nilai k-cli-bad');
    expect(await sambungOf(12)).toBe(75);

    out.length = 0;
    writeFileSync(path, JSON.stringify(exportFile([item('k-cli', sambung(12, 75))])));
    expect(await runCli(['import', 'pending', path], f.t.config, io)).toBe(0);
    expect(out.join('\n')).toContain('0 tersimpan, 1 sudah ada sebelumnya, 0 ditolak');
  });
});
