import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { API, apiResult, Cadangan, CadanganList } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from './support/app';

// The console page "Cadangan" (DESIGN §14): the committee lists the server's backups, makes one
// now (optionally with a passphrase) and downloads it; no one else may, and the download hands
// out nothing but an archive the list shows.

const ListAnswer = apiResult(CadanganList);
const MadeAnswer = apiResult(Cadangan);

/** The first entry of a tar stream: its name and its content. */
function firstTarEntry(tar: Buffer): { name: string; text: string } {
  const name = tar.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
  const size = Number.parseInt(tar.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
  return { name, text: tar.subarray(512, 512 + size).toString('utf8') };
}

describe.each(DATABASES)('console Cadangan on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  beforeAll(async () => {
    ({ t, admin, siti } = await startSignedIn(kind, {
      BACKUP_INTERVAL_MINUTES: '15',
      BACKUP_KEEP: '6',
      // The server keeps its own secret.key in DATA_DIR, as in service.
      UKT_SECRET: undefined as unknown as string,
    }));
    // A recording big enough that a backup takes a moment, so a second request meets the first.
    mkdirSync(join(t.config.dataDir, 'audio'), { recursive: true });
    writeFileSync(join(t.config.dataDir, 'audio', 'rekaman.webm'), randomBytes(8 * 1024 * 1024));
  });
  afterAll(async () => t.close());

  const list = async () => {
    const res = await api(t, admin, 'GET', API.panitia.cadangan.href());
    expect(res.statusCode, res.body).toBe(200);
    return ListAnswer.parse(res.json()).data;
  };
  const make = (payload: unknown = {}) => api(t, admin, 'POST', API.panitia.cadangan.href(), payload);
  const download = (name: string, token: string | undefined = admin) =>
    api(t, token, 'GET', API.panitia.cadanganByName.href(name));

  it('lists none at first, with the folder and the schedule', async () => {
    expect(await list()).toEqual({
      folder: t.config.backup.dir,
      jadwal_menit: 15,
      jadwal_disimpan: 6,
      jadwal_gagal: null,
      cadangan: [],
    });
  });

  it('makes one now: answered as the list shows it, downloadable byte for byte', async () => {
    const res = await make();
    expect(res.statusCode, res.body).toBe(200);
    const made = MadeAnswer.parse(res.json());
    expect(made.message).toBe('Cadangan dibuat.');
    expect(made.data).toMatchObject({ reason: 'manual', encrypted: false });
    expect(made.data.name).toMatch(/^ukt-cadangan-\d{8}-\d{6}-manual\.tar\.gz$/);
    expect((await list()).cadangan).toEqual([made.data]);

    // As a browser asks: the archive goes out as it is, never compressed again.
    const file = await api(t, admin, 'GET', API.panitia.cadanganByName.href(made.data.name), undefined, {
      accept: '*/*',
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['content-length']).toBe(String(made.data.bytes));
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${made.data.name}"`);
    const onDisk = readFileSync(join(t.config.backup.dir, made.data.name));
    expect(file.rawPayload.equals(onDisk)).toBe(true);
    expect(made.data.bytes).toBe(onDisk.length);
    // It is the archive: the manifest first, naming what it holds.
    const first = firstTarEntry(gunzipSync(file.rawPayload));
    expect(first.name).toBe('manifest.json');
    const manifest = JSON.parse(first.text) as { dialect: string; reason: string; checksums: object };
    expect(manifest).toMatchObject({ dialect: kind, reason: 'manual' });
    expect(Object.keys(manifest.checksums)).toEqual(
      expect.arrayContaining(['db/siswa.jsonl', 'data/secret.key', 'data/audio/rekaman.webm']),
    );
  });

  it('a passphrase seals the archive; one shorter than 8 characters is refused in Indonesian', async () => {
    const short = await make({ passphrase: 'pendek' });
    expect(short.statusCode).toBe(400);
    expect(body(short).message).toContain('Kata sandi minimal 8 karakter');

    t.advance(2_000); // a name of its own second
    const res = await make({ passphrase: 'rahasia-panitia' });
    expect(res.statusCode, res.body).toBe(200);
    const made = MadeAnswer.parse(res.json()).data;
    expect(made).toMatchObject({ reason: 'manual', encrypted: true });
    expect(made.name).toMatch(/\.tar\.gz\.aes$/);
    const file = await download(made.name);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 17).toString()).toBe('UKT-CADANGAN-AES1');
    // Nothing of the archive readable without the passphrase: no manifest in clear.
    expect(file.rawPayload.includes('manifest.json')).toBe(false);
    const listed = (await list()).cadangan;
    expect(listed[0]).toEqual(made);
    expect(listed).toHaveLength(2);
  });

  it('a second request while one is being made is a 409 that says to wait; afterwards one can be made again', async () => {
    t.advance(2_000);
    const [a, b] = await Promise.all([make(), make()]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(body(refused)).toEqual({ success: false, message: expect.stringContaining('sedang dibuat') });
    t.advance(2_000);
    expect((await make()).statusCode).toBe(200);
    expect((await list()).cadangan).toHaveLength(4);
  });

  it('downloads nothing but a listed backup: a path is 400, an unknown name 404', async () => {
    const secret = readFileSync(join(t.config.dataDir, 'secret.key'));
    const bad = [
      '../secret.key',
      '../../ukt.db',
      '..%2Fsecret.key',
      `${t.config.dataDir}/secret.key`,
      '/etc/passwd',
      'ukt-cadangan-20260101-000000-manual.tar.gz/../../secret.key',
      '.sementara-abc',
      '..\\secret.key',
      'cadangan\\..\\..\\secret.key',
    ];
    for (const name of bad) {
      const res = await download(name);
      expect(res.statusCode, name).toBe(400);
      expect(body(res).message, name).toBe('Nama cadangan tidak valid.');
      expect(res.rawPayload.includes(secret), name).toBe(false);
    }
    // Written by hand, by a path of the URL itself rather than an encoded name.
    for (const url of ['/panitia/cadangan/..%2F..%2Fsecret.key', '/panitia/cadangan/%2Fetc%2Fpasswd']) {
      const res = await api(t, admin, 'GET', url);
      expect(res.statusCode, url).toBe(400);
    }
    // A plain name is looked up in the backup folder only: DATA_DIR's files are not there.
    for (const name of ['ukt-cadangan-20200101-000000-manual.tar.gz', 'secret.key', 'ukt.db']) {
      const missing = await download(name);
      expect(missing.statusCode, name).toBe(404);
      expect(body(missing).message).toContain('Cadangan tidak ditemukan');
    }
  });

  it('is for committee admins only: 401 without a token, 403 to an examiner', async () => {
    const [first] = (await list()).cadangan;
    const name = first?.name ?? '';
    for (const token of [undefined, siti]) {
      const want = token ? 403 : 401;
      expect((await api(t, token, 'GET', API.panitia.cadangan.href())).statusCode).toBe(want);
      expect((await api(t, token, 'POST', API.panitia.cadangan.href(), {})).statusCode).toBe(want);
      const res = await api(t, token, 'GET', API.panitia.cadanganByName.href(name));
      expect(res.statusCode).toBe(want);
      expect(res.rawPayload.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
    }
    expect((await list()).cadangan).toHaveLength(4);
  });
});
