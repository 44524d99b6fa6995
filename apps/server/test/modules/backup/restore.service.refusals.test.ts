import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { appVersion } from '../../../src/lib/app-version';
import { writeArchive } from '../../../src/modules/backup/archive';
import { extractArchive } from '../../../src/modules/backup/archive-extract';
import { createBackup } from '../../../src/modules/backup/backup.service';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { restoreBackup } from '../../../src/modules/backup/restore.service';
import { readWhole } from '../../../src/modules/media/media.store';
import { DATABASES, freshSchema, startApp, type TestApp, testConfig } from '../../support/app';
import {
  type CraftedEntry,
  craftArchive,
  filesOf,
  manifestOf,
  seal,
  type TestTarget,
  targetState,
  testTarget,
  withTempFolder,
} from '../../support/restore';

// Restores that refuse cleanly (DESIGN §14): a forced restore replaces a database of either kind
// whole, functions included; every refusal and every failure leaves the target's rows, objects
// and files as they were and nothing unpacked or decrypted in the temp folder; an archive from a
// newer app is refused; another installation's SQLite database in the data folder is never
// touched, and the refusal gives the DATA_DIR to type instead.

/** The error a restore threw, or a failure when it went through. */
async function refusal(restoring: Promise<unknown>): Promise<string> {
  const outcome = await restoring.then(
    () => null,
    (error: Error) => error.message,
  );
  expect(outcome, 'the restore went through').not.toBeNull();
  return outcome as string;
}

/** A message with no errno text, English error words or stack in it. */
function expectPlain(message: string): void {
  expect(message).not.toMatch(/\b(E[A-Z]{3,}|Error|errno|no such|permission denied|unexpected|at \S+:\d+)\b/);
}

/** A version newer than this app's, at the same level. */
const newerVersion = () => {
  const [major, minor, patch] = appVersion().split(/[.-]/).map(Number) as [number, number, number];
  return `${major}.${minor}.${patch + 1}`;
};

describe.each(DATABASES)('restore onto %s', (kind) => {
  let source: TestApp;
  let dir: string;
  let archive: string;
  const targets: TestTarget[] = [];
  const target = async (filled: boolean) => {
    const t = await testTarget(kind, filled);
    targets.push(t);
    return t;
  };

  beforeAll(async () => {
    // No UKT_SECRET: the secret lives in DATA_DIR, so the archive carries it.
    source = await startApp(kind, { UKT_SECRET: undefined as unknown as string });
    await source.app.db.updateTable('organisasi').set({ nama_organisasi: 'Perguruan Sumber' }).execute();
    mkdirSync(join(source.config.dataDir, 'photos'), { recursive: true });
    // Written readable by all, as an older version or a copied folder may have left it.
    writeFileSync(join(source.config.dataDir, 'photos', 'lama.jpg'), 'foto', { mode: 0o644 });
    dir = mkdtempSync(join(tmpdir(), 'ukt-tolak-'));
    archive = (
      await createBackup(serverBackupSource(source.app), {
        reason: 'manual',
        out: join(dir, 'sumber.tar.gz'),
      })
    ).file;
  });
  afterAll(async () => {
    for (const t of targets) await t.remove();
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('replaces a database of the same kind with --force, functions included; restored files are 0600', async () => {
    const to = await target(true);
    const before = await targetState(to.target);
    const message = await refusal(restoreBackup(to.target, archive));
    expect(message).toMatch(
      /^Tujuan pemulihan tidak kosong: database.* berisi \d+ baris \(.*siswa 200.*\); folder data \S+ berisi 2 berkas\. Tidak ada yang diubah\. Pulihkan ke tempat baru yang kosong: atur DATA_DIR=\S+-pulih.*, lalu jalankan restore lagi\.$/,
    );
    expect(message).not.toContain('--force');
    expect(await targetState(to.target)).toEqual(before);

    const { result, left } = await withTempFolder(() => restoreBackup(to.target, archive, { force: true }));
    expect(result.status, String((result as PromiseRejectedResult).reason)).toBe('fulfilled');
    expect(left).toEqual([]);
    const after = (await targetState(to.target)) as { functions: string[]; rows: Record<string, string[]> };
    expect(after.rows.organisasi?.join()).toContain('Perguruan Sumber');
    if (kind === 'postgres') {
      expect(after.functions.map((f) => f.split('(')[0])).toEqual(['ukt_ambil', 'ukt_simpan_nilai']);
    }
    const files = filesOf(to.target.dataDir, (p) => p.endsWith('.db') || /\.db-/.test(p));
    expect(Object.keys(files)).not.toContain(join('catatan', 'panitia.txt'));
    expect(Object.keys(files).filter((f) => f.startsWith('.sementara'))).toEqual([]);
    expect(readFileSync(join(to.target.dataDir, 'secret.key'))).toEqual(
      readFileSync(join(source.config.dataDir, 'secret.key')),
    );
    // A photo is a file only on SQLite; on PostgreSQL it is a row (docs/decisions/164, checked below).
    const privateFiles = kind === 'sqlite' ? ['secret.key', join('photos', 'lama.jpg')] : ['secret.key'];
    for (const name of privateFiles) {
      expect((statSync(join(to.target.dataDir, name)).mode & 0o777).toString(8), name).toBe('600');
    }

    // Restored once more over what it restored: every object the migrations made is replaced. The
    // server signs with the restored secret.key, the key of the restored rows (docs/decisions/159).
    await restoreBackup(to.target, archive, { force: true });
    const withRestoredKey = { UKT_SECRET: undefined as unknown as string };
    const reopened = await buildApp(testConfig(to.target.dataDir, to.target.databaseUrl, withRestoredKey), {
      pgSchema: to.target.pgSchema,
    });
    const siswa = await reopened.db
      .selectFrom('siswa')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirst();
    const photo = await reopened.media.open('photos/lama.jpg');
    const photoBytes = photo ? await readWhole(photo) : null;
    await reopened.close();
    expect(Number(siswa?.n)).toBe(200);
    expect(photoBytes?.toString()).toBe('foto');
  });

  it('a forced restore that fails half-way leaves rows, functions and files as they were', async () => {
    const work = mkdtempSync(join(dir, 'bongkar-'));
    const { dir: unpacked, names } = await extractArchive(archive, work);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    manifest.counts.siswa += 1;
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const bad = join(dir, `salah-hitung-${kind}.tar.gz`);
    await writeArchive(
      bad,
      names.map((name) => ({ name, file: join(unpacked, name), size: statSync(join(unpacked, name)).size })),
    );
    const to = await target(true);
    const before = await targetState(to.target);
    const { result, left } = await withTempFolder(() =>
      refusal(restoreBackup(to.target, bad, { force: true })),
    );
    expect((result as PromiseFulfilledResult<string>).value).toMatch(
      /siswa berisi 200 baris, manifest 201\. Tidak ada yang diubah\.$/,
    );
    expect(left).toEqual([]);
    expect(await targetState(to.target)).toEqual(before);
  });

  it('refuses an archive from a newer app, naming both versions; an older one and a migrasi copy restore', async () => {
    const newer = newerVersion();
    const write = async (name: string, extra: object) => {
      const file = join(dir, `${name}-${kind}.tar.gz`);
      writeFileSync(
        file,
        await craftArchive([{ name: 'manifest.json', text: JSON.stringify(manifestOf([], extra)) }]),
      );
      return file;
    };
    const to = await target(true);
    const before = await targetState(to.target);
    const message = await refusal(
      restoreBackup(to.target, await write('baru', { app_version: newer }), { force: true }),
    );
    expect(message).toBe(
      `Cadangan ini dibuat oleh UKT Penguji versi ${newer}; yang terpasang di sini versi ${appVersion()}. Perbarui aplikasi ke versi ${newer} atau yang lebih baru, lalu pulihkan lagi. Tidak ada yang diubah.`,
    );
    expect(await targetState(to.target)).toEqual(before);

    await restoreBackup((await target(false)).target, await write('lama', { app_version: '0.0.9' }));
    await restoreBackup(
      (await target(false)).target,
      await write('rc', { app_version: `${appVersion()}-rc.1` }),
    );
    // Taken by the newer version before it changed anything: the older version's data.
    await restoreBackup(
      (await target(false)).target,
      await write('migrasi', { app_version: newer, reason: 'migrasi' }),
    );
  });

  it("never touches another installation's SQLite database in the data folder, even with --force", async () => {
    // A laptop running on SQLite in its default data folder: ukt.db, its -wal, -shm and -pid, and
    // a copy of the database under a name that says nothing.
    const laptop = await startApp('sqlite', { UKT_SECRET: undefined as unknown as string });
    try {
      const folder = laptop.config.dataDir;
      mkdirSync(join(folder, 'lama'));
      cpSync(join(folder, 'ukt.db'), join(folder, 'lama', 'arsip-lama.bin'));
      const other = mkdtempSync(join(dir, 'lain-'));
      let pgSchema: string | undefined;
      let databaseUrl = `sqlite:${join(other, 'baru.db')}`;
      if (kind === 'postgres') {
        const fresh = await freshSchema(process.env.TEST_DATABASE_URL as string);
        targets.push({ target: { databaseUrl, dataDir: other }, dir: other, remove: fresh.drop });
        pgSchema = fresh.schema;
        databaseUrl = process.env.TEST_DATABASE_URL as string;
      }
      const to = { databaseUrl, dataDir: folder, pgSchema };
      const laptopFiles = filesOf(folder);
      expect(Object.keys(laptopFiles)).toEqual(
        expect.arrayContaining(['ukt.db', 'ukt.db-wal', 'ukt.db-pid']),
      );
      const before = await targetState(to);

      for (const force of [false, true]) {
        const message = await refusal(restoreBackup(to, archive, { force }));
        expect(message).toMatch(
          /^Folder data \S+ berisi database SQLite lain \(lama\/arsip-lama\.bin, ukt\.db\): .* juga dengan --force\. Tidak ada yang diubah\. Pulihkan ke tempat baru yang kosong: atur DATA_DIR=\S+-pulih, lalu jalankan restore lagi\.$/,
        );
        expect(filesOf(folder)).toEqual(laptopFiles);
        expect(await targetState(to)).toEqual(before);
      }

      // The setting it gives is one to type: the restore then goes through, the laptop untouched.
      const message = await refusal(restoreBackup(to, archive, { force: true }));
      const suggested = /DATA_DIR=(\S+),/.exec(message)?.[1] as string;
      await restoreBackup({ ...to, dataDir: suggested }, archive);
      expect(readFileSync(join(suggested, 'secret.key'))).toEqual(
        readFileSync(join(source.config.dataDir, 'secret.key')),
      );
      expect(filesOf(folder)).toEqual(laptopFiles);
      rmSync(suggested, { recursive: true, force: true });
    } finally {
      await laptop.close();
    }
  });
});

describe('hostile archives', () => {
  let dir: string;
  let to: TestTarget;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-jahat-'));
    to = await testTarget('sqlite', true);
  });
  afterAll(async () => {
    await to.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = { name: 'data/catatan.txt', text: 'isi biasa' };
  /** The hostile entry, and whether the manifest lists it. */
  const cases: [string, CraftedEntry, boolean, RegExp][] = [
    [
      'a name that climbs out',
      { name: '../keluar.txt', text: 'x' },
      true,
      /"\.\.\/keluar\.txt" menunjuk ke luar/,
    ],
    [
      'a name that climbs out half-way',
      { name: 'data/../../keluar.txt', text: 'x' },
      true,
      /"data\/\.\.\/\.\.\/keluar\.txt" menunjuk ke luar/,
    ],
    [
      'an absolute name',
      { name: '/KELUAR/keluar.txt', text: 'x' },
      true,
      /"\/KELUAR\/keluar\.txt" menunjuk ke luar/,
    ],
    [
      'a symbolic link',
      { name: 'data/kunci', type: 'symlink', linkname: '/etc/passwd' },
      true,
      /"data\/kunci" adalah tautan simbolik, bukan berkas biasa/,
    ],
    [
      'a hard link',
      { name: 'data/kunci', type: 'link', linkname: 'data/catatan.txt' },
      true,
      /"data\/kunci" adalah tautan keras, bukan berkas biasa/,
    ],
    [
      'a device',
      { name: 'data/null', type: 'character-device', devmajor: 1, devminor: 3 },
      true,
      /"data\/null" adalah perangkat, bukan berkas biasa/,
    ],
    [
      'a fifo',
      { name: 'data/pipa', type: 'fifo' },
      true,
      /"data\/pipa" adalah pipa \(fifo\), bukan berkas biasa/,
    ],
    [
      'a folder',
      { name: 'data/folder', type: 'directory' },
      true,
      /"data\/folder" adalah folder, bukan berkas biasa/,
    ],
    [
      'a file the manifest does not list',
      { name: 'data/tambahan.txt', text: 'x' },
      false,
      /"data\/tambahan\.txt" tidak tercantum di manifest/,
    ],
    ['a file twice', file, true, /"data\/catatan\.txt" muncul dua kali/],
  ];

  const archiveOf = (entries: CraftedEntry[], listed: { name: string; text: string }[]) =>
    craftArchive([{ name: 'manifest.json', text: JSON.stringify(manifestOf(listed)) }, ...entries]);

  it.each([false, true])('sealed %s: the archive without its hostile entry restores', async (sealed) => {
    let bytes = await archiveOf([file], [file]);
    if (sealed) bytes = seal(bytes, 'sandi-panitia');
    const out = join(dir, `baik-${sealed}.tar.gz`);
    writeFileSync(out, bytes);
    const fresh = await testTarget('sqlite', false);
    try {
      await restoreBackup(fresh.target, out, { passphrase: 'sandi-panitia' });
      expect(readFileSync(join(fresh.target.dataDir, 'catatan.txt'), 'utf8')).toBe('isi biasa');
    } finally {
      await fresh.remove();
    }
  });

  describe.each([false, true])('sealed %s', (sealed) => {
    it.each(cases)(
      '%s is refused, nothing written or left behind',
      async (_what, hostile, listedToo, pattern) => {
        const listed = [file, ...(listedToo && 'text' in hostile ? [hostile] : [])];
        const manifest = manifestOf(listed);
        if (listedToo && !('text' in hostile)) manifest.checksums[hostile.name] = '0'.repeat(64);
        let bytes = await craftArchive([
          { name: 'manifest.json', text: JSON.stringify(manifest) },
          file,
          hostile,
        ]);
        if (sealed) bytes = seal(bytes, 'sandi-panitia');
        const out = join(dir, `jahat-${sealed}.tar.gz`);
        writeFileSync(out, bytes);
        const before = await targetState(to.target);
        const { result, left } = await withTempFolder(() =>
          refusal(restoreBackup(to.target, out, { force: true, passphrase: 'sandi-panitia' })),
        );
        const message = (result as PromiseFulfilledResult<string>).value;
        expect(message).toMatch(/^Berkas cadangan tidak sah: /);
        expect(message).toMatch(pattern);
        expect(message).toMatch(/\. Tidak ada yang diubah\.$/);
        expect(left).toEqual([]);
        expect(await targetState(to.target)).toEqual(before);
        expect(existsSync('/KELUAR')).toBe(false);
      },
    );

    it('an archive whose rows are not JSON, or lacks a table it counts, is refused after a rollback', async () => {
      const broken = { name: 'db/organisasi.jsonl', text: 'bukan baris JSON\n' };
      for (const [entries, pattern] of [
        [[broken], /^Berkas cadangan tidak sah: baris tabel organisasi bukan JSON yang utuh\. /],
        [[], /^Berkas cadangan tidak lengkap: baris tabel organisasi tidak ada\. /],
      ] as [{ name: string; text: string }[], RegExp][]) {
        let bytes = await craftArchive([
          { name: 'manifest.json', text: JSON.stringify(manifestOf(entries, { counts: { organisasi: 1 } })) },
          ...entries,
        ]);
        if (sealed) bytes = seal(bytes, 'sandi-panitia');
        const out = join(dir, `baris-${sealed}.tar.gz`);
        writeFileSync(out, bytes);
        const before = await targetState(to.target);
        const { result, left } = await withTempFolder(() =>
          refusal(restoreBackup(to.target, out, { force: true, passphrase: 'sandi-panitia' })),
        );
        expect((result as PromiseFulfilledResult<string>).value).toMatch(pattern);
        expect(left).toEqual([]);
        expect(await targetState(to.target)).toEqual(before);
      }
    });

    it('an archive whose first entry is not its manifest is refused', async () => {
      let bytes = await craftArchive([
        file,
        { name: 'manifest.json', text: JSON.stringify(manifestOf([file])) },
      ]);
      if (sealed) bytes = seal(bytes, 'sandi-panitia');
      const out = join(dir, `tanpa-manifest-${sealed}.tar.gz`);
      writeFileSync(out, bytes);
      const { result, left } = await withTempFolder(() =>
        refusal(restoreBackup(to.target, out, { force: true, passphrase: 'sandi-panitia' })),
      );
      expect((result as PromiseFulfilledResult<string>).value).toBe(
        'Berkas ini bukan cadangan UKT Penguji (manifest.json bukan isinya yang pertama). Tidak ada yang diubah.',
      );
      expect(left).toEqual([]);
    });
  });
});

describe('errors a committee can meet', () => {
  let dir: string;
  let source: TestApp;
  let archive: string;
  let sealedArchive: string;
  let to: TestTarget;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-galat-'));
    source = await startApp('sqlite');
    archive = (
      await createBackup(serverBackupSource(source.app), { reason: 'manual', out: join(dir, 'a.tar.gz') })
    ).file;
    sealedArchive = (
      await createBackup(serverBackupSource(source.app), {
        reason: 'manual',
        out: join(dir, 'a.tar.gz.aes'),
        passphrase: 'sandi-panitia',
      })
    ).file;
    to = await testTarget('sqlite', false);
  });
  afterAll(async () => {
    await to.remove();
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cut = (file: string, name: string) => {
    const bytes = readFileSync(file);
    const out = join(dir, name);
    writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length / 2)));
    return out;
  };

  it.each([
    [
      'a file that is not there',
      () => join(dir, 'tidak-ada.tar.gz'),
      /^Berkas cadangan \S+tidak-ada\.tar\.gz tidak ada: periksa nama dan foldernya\./,
    ],
    [
      'a folder',
      () => dir,
      /^\S+ adalah folder, bukan berkas cadangan: sebutkan berkas \.tar\.gz atau \.tar\.gz\.aes\./,
    ],
    [
      'a truncated archive',
      () => cut(archive, 'potong.tar.gz'),
      /^Berkas cadangan terpotong \(tidak lengkap\)/,
    ],
    [
      'a truncated sealed archive',
      () => cut(sealedArchive, 'potong.tar.gz.aes'),
      /^Kata sandi cadangan salah, atau berkasnya rusak atau terpotong\./,
    ],
    [
      'a wrong passphrase',
      () => sealedArchive,
      /^Kata sandi cadangan salah, atau berkasnya rusak atau terpotong\./,
      'sandi-keliru',
    ],
    [
      'a file that is no archive',
      () => {
        writeFileSync(join(dir, 'catatan.tar.gz'), 'daftar hadir panitia');
        return join(dir, 'catatan.tar.gz');
      },
      /^Berkas ini bukan cadangan UKT Penguji, atau rusak/,
    ],
  ] as [string, () => string, RegExp, string?][])(
    '%s reads as plain Indonesian and leaves nothing behind',
    async (_what, fileOf, pattern, passphrase = 'sandi-panitia') => {
      const before = await targetState(to.target);
      const { result, left } = await withTempFolder(() =>
        refusal(restoreBackup(to.target, fileOf(), { passphrase })),
      );
      const message = (result as PromiseFulfilledResult<string>).value;
      expect(message).toMatch(pattern);
      expect(message).toMatch(/Tidak ada yang diubah\.$/);
      expectPlain(message);
      expect(left).toEqual([]);
      expect(await targetState(to.target)).toEqual(before);
    },
  );
});

// The restore compares versions with the semver package (docs/decisions/124, 166): this pins the
// precedence it relies on, and that a version that is not one is told apart, never thrown on.
describe('versions', () => {
  it('compares by semantic-version precedence', () => {
    const order = [
      '0.9.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.2.0',
      '1.10.0',
      '2.0.0',
    ];
    for (let i = 0; i < order.length - 1; i++) {
      expect(
        semver.compare(order[i] as string, order[i + 1] as string),
        `${order[i]} < ${order[i + 1]}`,
      ).toBe(-1);
      expect(semver.compare(order[i + 1] as string, order[i] as string)).toBe(1);
    }
    expect(semver.compare('1.0.0+build.5', '1.0.0')).toBe(0);
    expect(semver.valid(' v1.2.3 ')).toBe('1.2.3');
    expect(semver.valid('tidak diketahui')).toBeNull();
  });
});
