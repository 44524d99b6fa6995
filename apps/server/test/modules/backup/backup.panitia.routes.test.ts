import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { API, apiResult, Cadangan, CadanganList } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';

// The console page "Cadangan" (DESIGN §14): the committee lists the server's backups, makes one
// now (optionally with a passphrase) and downloads it; no one else may, and the download hands
// out nothing but a regular file this app wrote as a backup, which is exactly what the list shows
// (docs/decisions/099). Both set-ups: the default folder inside DATA_DIR, and BACKUP_DIR elsewhere.

const ListAnswer = apiResult(CadanganList);
const MadeAnswer = apiResult(Cadangan);

/** The first entry of a tar stream: its name and its content. */
function firstTarEntry(tar: Buffer): { name: string; text: string } {
  const name = tar.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
  const size = Number.parseInt(tar.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
  return { name, text: tar.subarray(512, 512 + size).toString('utf8') };
}

/** A tar.gz of one entry, as any archive tool would make it. */
function tarGz(name: string, text: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000600\0', 100);
  header.write(`${Buffer.byteLength(text).toString(8).padStart(11, '0')}\0`, 124);
  const content = Buffer.alloc(Math.ceil(Buffer.byteLength(text) / 512) * 512);
  content.write(text);
  return gzipSync(Buffer.concat([header, content, Buffer.alloc(1024)]));
}

/** A folder on another disk than the temporary folder when this machine has one (/dev/shm is a tmpfs). */
const OTHER_DISK =
  existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev ? '/dev/shm' : null;

const SETUPS = DATABASES.flatMap((kind) =>
  (['DATA_DIR/cadangan', 'BACKUP_DIR di luar DATA_DIR'] as const).map((setup) => [kind, setup] as const),
);

describe.each(SETUPS)('console Cadangan on %s, %s', (kind, setup) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  const outside =
    setup === 'BACKUP_DIR di luar DATA_DIR'
      ? mkdtempSync(join(OTHER_DISK ?? tmpdir(), 'ukt-cadangan-'))
      : null;
  beforeAll(async () => {
    ({ t, admin, siti } = await startSignedIn(kind, {
      BACKUP_INTERVAL_MINUTES: '15',
      BACKUP_KEEP: '6',
      // The server keeps its own secret.key in DATA_DIR, as in service.
      UKT_SECRET: undefined as unknown as string,
      ...(outside ? { BACKUP_DIR: outside } : {}),
    }));
    expect(t.config.backup.dir).toBe(outside ?? join(t.config.dataDir, 'cadangan'));
    // With BACKUP_DIR elsewhere, the default folder may still hold the backups of earlier events:
    // no new backup copies them.
    if (outside) {
      mkdirSync(join(t.config.dataDir, 'cadangan'));
      writeFileSync(
        join(t.config.dataDir, 'cadangan', 'ukt-cadangan-20260101-000000-manual.tar.gz'),
        randomBytes(4096),
      );
    }
    // A recording big enough that a backup takes a moment, so a second request meets the first.
    mkdirSync(join(t.config.dataDir, 'audio'), { recursive: true });
    writeFileSync(join(t.config.dataDir, 'audio', 'rekaman.webm'), randomBytes(8 * 1024 * 1024));
  });
  afterAll(async () => {
    await t.close();
    if (outside) rmSync(outside, { recursive: true, force: true });
  });

  const list = async () => {
    const res = await api(t, admin, 'GET', API.panitia.cadangan.href());
    expect(res.statusCode, res.body).toBe(200);
    return ListAnswer.parse(res.json()).data;
  };
  const make = (payload: unknown = {}) => api(t, admin, 'POST', API.panitia.cadangan.href(), payload);
  const download = (name: string, token: string | undefined = admin) =>
    api(t, token, 'GET', API.panitia.cadanganByName.href(name));

  it('lists none at first, with the folder and the schedule', async () => {
    expect(await list()).toMatchObject({
      folder: t.config.backup.dir,
      jadwal_menit: 15,
      jadwal_disimpan: 6,
      jadwal_gagal: null,
      cadangan: [],
    });
  });

  it('warns when the backups lie on the disk of the data, and says how to point them at a flash disk', async () => {
    const { satu_disk } = await list();
    if (outside && OTHER_DISK) {
      expect(satu_disk).toBeNull();
      return;
    }
    expect(satu_disk?.pesan).toBe(
      `Folder cadangan ${t.config.backup.dir} ada di disk yang sama dengan folder data ${t.config.dataDir}: bila laptop atau disknya rusak atau hilang, cadangannya ikut hilang.`,
    );
    expect(satu_disk?.saran).toContain('npm run ukt -- atur BACKUP_DIR=');
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
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${made.data.name}"; filename*=UTF-8''${made.data.name}`,
    );
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
    // The default folder sits in DATA_DIR: no backup holds the ones before it, whichever BACKUP_DIR is.
    expect(Object.keys(manifest.checksums).filter((n) => n.startsWith('data/cadangan'))).toEqual([]);
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

  it('hands out no link, folder, fifo or stray file, not even one named as a backup; none is listed', async () => {
    const dir = t.config.backup.dir;
    const before = (await list()).cadangan;
    const plain = before.find((b) => !b.encrypted)?.name ?? '';
    const sealed = before.find((b) => b.encrypted)?.name ?? '';
    const secretKey = join(t.config.dataDir, 'secret.key');
    const secret = readFileSync(secretKey);
    const passwd = readFileSync('/etc/passwd');
    const hostile: Record<string, () => void> = {
      // Links: to the signing key, to /etc/passwd, to a real backup, to a folder.
      'ukt-cadangan-20990101-000000-manual.tar.gz': () =>
        symlinkSync(secretKey, join(dir, 'ukt-cadangan-20990101-000000-manual.tar.gz')),
      'kunci.tar.gz': () => symlinkSync(secretKey, join(dir, 'kunci.tar.gz')),
      'ukt-cadangan-20990101-000001-jadwal.tar.gz': () =>
        symlinkSync('/etc/passwd', join(dir, 'ukt-cadangan-20990101-000001-jadwal.tar.gz')),
      'passwd.tar.gz.aes': () => symlinkSync('/etc/passwd', join(dir, 'passwd.tar.gz.aes')),
      'tautan-cadangan.tar.gz': () => symlinkSync(join(dir, plain), join(dir, 'tautan-cadangan.tar.gz')),
      'tautan-tersegel.tar.gz.aes': () =>
        symlinkSync(join(dir, sealed), join(dir, 'tautan-tersegel.tar.gz.aes')),
      'data.tar.gz': () => symlinkSync(t.config.dataDir, join(dir, 'data.tar.gz')),
      // Plain files that are not this app's backups.
      'secret.key': () => copyFileSync(secretKey, join(dir, 'secret.key')),
      'salinan-kunci.tar.gz': () => copyFileSync(secretKey, join(dir, 'salinan-kunci.tar.gz')),
      'kunci-digzip.tar.gz': () => writeFileSync(join(dir, 'kunci-digzip.tar.gz'), gzipSync(secret)),
      'arsip-lain.tar.gz': () =>
        writeFileSync(join(dir, 'arsip-lain.tar.gz'), tarGz('catatan.txt', 'bukan cadangan')),
      'manifest-palsu.tar.gz': () =>
        writeFileSync(
          join(dir, 'manifest-palsu.tar.gz'),
          tarGz('manifest.json', JSON.stringify({ format: 1 })),
        ),
      'acak.tar.gz.aes': () => writeFileSync(join(dir, 'acak.tar.gz.aes'), secret),
      'catatan.txt': () => writeFileSync(join(dir, 'catatan.txt'), 'catatan panitia'),
      // A real backup under a name that says the other kind: the name and the bytes must agree.
      'tersegel-tanpa-aes.tar.gz': () =>
        copyFileSync(join(dir, sealed), join(dir, 'tersegel-tanpa-aes.tar.gz')),
      'polos-dengan-aes.tar.gz.aes': () =>
        copyFileSync(join(dir, plain), join(dir, 'polos-dengan-aes.tar.gz.aes')),
      // A real backup whose name holds a control character (a line break).
      'baris\nbaru.tar.gz': () => copyFileSync(join(dir, plain), join(dir, 'baris\nbaru.tar.gz')),
      // A folder and a fifo named as backups (a fifo would hold a read open for ever).
      'ukt-cadangan-20990101-000002-manual.tar.gz': () =>
        mkdirSync(join(dir, 'ukt-cadangan-20990101-000002-manual.tar.gz')),
      'ukt-cadangan-20990101-000003-manual.tar.gz': () =>
        execFileSync('mkfifo', [join(dir, 'ukt-cadangan-20990101-000003-manual.tar.gz')]),
    };
    for (const make of Object.values(hostile)) make();
    try {
      for (const name of Object.keys(hostile)) {
        const res = await download(name);
        expect(res.statusCode, name).toBe(404);
        expect(body(res), name).toEqual({
          success: false,
          message: 'Cadangan tidak ditemukan. Muat ulang daftar cadangan.',
        });
        expect(res.rawPayload.includes(secret), name).toBe(false);
        expect(res.rawPayload.includes(passwd.subarray(0, 32)), name).toBe(false);
      }
      // The list shows what it showed before, and still downloads it.
      expect((await list()).cadangan).toEqual(before);
      expect((await download(plain)).statusCode).toBe(200);
      expect((await download(sealed)).statusCode).toBe(200);
    } finally {
      for (const name of Object.keys(hostile)) rmSync(join(dir, name), { recursive: true, force: true });
    }
  });

  it('a backup copied back under any name is listed and downloads under that name (RFC 6266)', async () => {
    const dir = t.config.backup.dir;
    const before = (await list()).cadangan;
    const plain = before.find((b) => !b.encrypted) as Cadangan;
    const sealed = before.find((b) => b.encrypted) as Cadangan;
    // Each name with its Content-Disposition, written out by hand.
    const odd: [name: string, from: Cadangan, disposition: string][] = [
      [
        'cadangan ujian sabuk hijau.tar.gz',
        plain,
        `attachment; filename="cadangan ujian sabuk hijau.tar.gz"; filename*=UTF-8''cadangan%20ujian%20sabuk%20hijau.tar.gz`,
      ],
      [
        'Ujian Cabang Ñgawi – é.tar.gz',
        plain,
        `attachment; filename="Ujian Cabang Ngawi _ e.tar.gz"; filename*=UTF-8''Ujian%20Cabang%20%C3%91gawi%20%E2%80%93%20%C3%A9.tar.gz`,
      ],
      [
        `kata "kutip" dan 'petik' (1).tar.gz`,
        plain,
        `attachment; filename="kata _kutip_ dan 'petik' (1).tar.gz"; filename*=UTF-8''kata%20%22kutip%22%20dan%20%27petik%27%20%281%29.tar.gz`,
      ],
      [
        '100% selesai %41.tar.gz.aes',
        sealed,
        `attachment; filename="100_ selesai _41.tar.gz.aes"; filename*=UTF-8''100%25%20selesai%20%2541.tar.gz.aes`,
      ],
      [
        'ujian_日本.tar.gz.aes',
        sealed,
        `attachment; filename="ujian___.tar.gz.aes"; filename*=UTF-8''ujian_%E6%97%A5%E6%9C%AC.tar.gz.aes`,
      ],
    ];
    for (const [name, from] of odd) copyFileSync(join(dir, from.name), join(dir, name));
    try {
      const listed = (await list()).cadangan;
      for (const [name, from, disposition] of odd) {
        // What the archive says of itself: a sealed one cannot say why it was made.
        expect(
          listed.find((b) => b.name === name),
          name,
        ).toMatchObject({
          bytes: from.bytes,
          encrypted: from.encrypted,
          reason: from.encrypted ? 'lain' : 'manual',
        });
        const res = await download(name);
        expect(res.statusCode, name).toBe(200);
        expect(res.headers['content-disposition'], name).toBe(disposition);
        expect(res.rawPayload.equals(readFileSync(join(dir, from.name))), name).toBe(true);
      }
    } finally {
      for (const [name] of odd) rmSync(join(dir, name), { force: true });
    }
    expect((await list()).cadangan).toEqual(before);
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
