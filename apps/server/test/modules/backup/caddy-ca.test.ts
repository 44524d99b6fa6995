import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { API } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { runCli } from '../../../src/cli/run';
import { connectDb } from '../../../src/db/connect';
import { extractArchive } from '../../../src/modules/backup/archive-extract';
import { createBackup } from '../../../src/modules/backup/backup.service';
import { scheduledBackup } from '../../../src/modules/backup/backup-schedule';
import {
  backupBeforeMigrate,
  configBackupSource,
  serverBackupSource,
} from '../../../src/modules/backup/backup-source';
import { CA_NAMES } from '../../../src/modules/backup/caddy-ca';
import { restoreBackup } from '../../../src/modules/backup/restore.service';
import { api, body, DATABASES, startApp, startSignedIn, type TestApp, testConfig } from '../../support/app';
import { startCaddy } from '../../support/caddy';
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
import { nodeArgs, runToExit } from '../../support/server-process';

// Caddy's CA travels with every backup (docs/decisions/132): a laptop that takes over from a dead
// one serves the root every phone already trusts. Roots made by Caddy itself (deploy/Caddyfile,
// `tls internal`): one on the laptop that took the backup, one on the laptop it is restored onto.

const LOCAL = join('pki', 'authorities', 'local');
const PASSPHRASE = 'sandi-panitia';

let work: string;
/** Caddy's data folder of the laptop that took the backup, and of the one that takes over. */
let oldLaptop: string;
let newLaptop: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `file` exists (Caddy issues the site's certificate after it answers). */
async function waitFor(file: string): Promise<void> {
  for (const until = Date.now() + 30_000; !existsSync(file); await sleep(100)) {
    if (Date.now() > until) throw new Error(`${file} did not appear within 30 s`);
  }
}

/** A Caddy data folder as Caddy leaves it after serving the site: root, intermediate, site certificate, locks. */
async function caddyFolder(name: string): Promise<string> {
  const caddy = await startCaddy('internal');
  try {
    await waitFor(join(caddy.data, 'certificates', 'local', 'localhost', 'localhost.crt'));
    const copy = join(work, name);
    cpSync(caddy.data, copy, { recursive: true });
    return copy;
  } finally {
    await caddy.stop();
  }
}

const rootOf = (caddyDir: string) => ({
  crt: readFileSync(join(caddyDir, LOCAL, 'root.crt')),
  key: readFileSync(join(caddyDir, LOCAL, 'root.key')),
});
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** The names an archive holds, read as a restore reads them. */
async function namesIn(file: string, passphrase?: string): Promise<string[]> {
  const unpacking = mkdtempSync(join(tmpdir(), 'ukt-isi-'));
  try {
    return (await extractArchive(file, unpacking, passphrase)).names;
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
}
const caddyNames = (names: string[]) => names.filter((n) => /caddy|pki|root\./.test(n)).sort();

/** The certificate chain Caddy serves at `port` once it has one, checked against `root`: accepted? */
async function trustedBy(port: number, root: Buffer): Promise<boolean> {
  const handshake = (options: { ca?: Buffer }) =>
    new Promise<boolean>((resolve, reject) => {
      const socket = connect({
        host: '127.0.0.1',
        port,
        servername: 'localhost',
        rejectUnauthorized: false,
        ...options,
      });
      socket.once('secureConnect', () => {
        const ok = socket.authorized;
        socket.destroy();
        resolve(ok);
      });
      socket.once('error', reject);
    });
  for (const until = Date.now() + 30_000; ; await sleep(200)) {
    try {
      // A phone that installed `root`: it trusts that root and nothing else.
      return await handshake({ ca: root });
    } catch (error) {
      if (Date.now() > until) throw error;
    }
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'ukt-caddy-ca-'));
  [oldLaptop, newLaptop] = await Promise.all([caddyFolder('laptop-lama'), caddyFolder('laptop-baru')]);
}, 90_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(DATABASES)('Caddy CA in backups on %s', { timeout: 120_000 }, (kind) => {
  let source: TestApp;
  let admin: string;
  let dir: string;
  let archive: string;
  const targets: TestTarget[] = [];
  /** An empty target; with `caddy`, Caddy's folder of that laptop already in its data folder. */
  const target = async (caddy?: string) => {
    const t = await testTarget(kind, false);
    targets.push(t);
    if (caddy) cpSync(caddy, join(t.target.dataDir, 'caddy'), { recursive: true });
    return { ...t, caddyDir: join(t.target.dataDir, 'caddy') };
  };

  beforeAll(async () => {
    ({ t: source, admin } = await startSignedIn(kind, {
      BACKUP_INTERVAL_MINUTES: '15',
      UKT_SECRET: undefined as unknown as string,
    }));
    // Where the venue launcher keeps Caddy's data: DATA_DIR/caddy, the config's default.
    expect(source.config.caddyDataDir).toBe(join(source.config.dataDir, 'caddy'));
    cpSync(oldLaptop, source.config.caddyDataDir, { recursive: true });
    dir = mkdtempSync(join(tmpdir(), 'ukt-cadangan-ca-'));
    const made = await createBackup(serverBackupSource(source.app), {
      reason: 'manual',
      out: join(dir, 'laptop-lama.tar.gz'),
    });
    expect(made.note).toBeUndefined();
    expect(made.manifest.caddy_ca).toBe(true);
    archive = made.file;
  });
  afterAll(async () => {
    for (const t of targets) await t.remove();
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every backup carries the root and its key, and nothing else of Caddy’s folder', async () => {
    const made = [archive];
    const console = await api(source, admin, 'POST', API.panitia.cadangan.href(), {});
    expect(console.statusCode, console.body).toBe(200);
    made.push(join(source.config.backup.dir, (body(console).data as { name: string }).name));
    made.push((await scheduledBackup(source.app)) as string);
    const said: string[] = [];
    await backupBeforeMigrate(source.config, {
      clock: source.app.clock,
      pgSchema: source.pgSchema,
      say: (l) => said.push(l),
    })(source.app.db, ['20990101_berikut']);
    made.push((/ditulis ke (\S+)$/.exec(said[0] ?? '') ?? [])[1] as string);
    // `ukt backup`: below, on the command line's own database.
    for (const file of made) {
      expect(caddyNames(await namesIn(file)), file).toEqual([...CA_NAMES]);
    }
  });

  it('restores into a fresh data folder byte for byte, 0600 in folders 0700, and says to restart Caddy', async () => {
    const to = await target();
    const { notes } = await restoreBackup(to.target, archive);
    const local = join(to.caddyDir, LOCAL);
    expect(rootOf(to.caddyDir)).toEqual(rootOf(oldLaptop));
    expect(readdirSync(local).sort()).toEqual(['root.crt', 'root.key']);
    expect(readdirSync(to.caddyDir)).toEqual(['pki']);
    for (const file of ['root.crt', 'root.key']) expect(modeOf(join(local, file)), file).toBe('600');
    for (const folder of ['', 'pki', join('pki', 'authorities'), LOCAL]) {
      expect(modeOf(join(to.caddyDir, folder)), folder).toBe('700');
    }
    expect(notes.join('\n')).toMatch(/^Sertifikat CA Caddy dipulihkan ke \S+local\.\nMulai ulang Caddy /);
    expect(notes.join('\n')).toMatch(
      /HP yang sudah memasang sertifikat dari laptop asal cadangan ini tetap tersambung/,
    );
  });

  it('a sealed backup carries it too', async () => {
    const sealed = await createBackup(serverBackupSource(source.app), {
      reason: 'manual',
      out: join(dir, 'tersegel.tar.gz.aes'),
      passphrase: PASSPHRASE,
    });
    expect(caddyNames(await namesIn(sealed.file, PASSPHRASE))).toEqual([...CA_NAMES]);
    const to = await target();
    await restoreBackup(to.target, sealed.file, { passphrase: PASSPHRASE });
    expect(rootOf(to.caddyDir)).toEqual(rootOf(oldLaptop));
  });

  it('keeps the other laptop’s CA aside, and Caddy then serves a chain the old phones trust', async () => {
    const to = await target(newLaptop);
    const before = filesOf(to.caddyDir);
    const { notes } = await restoreBackup(to.target, archive);
    expect(rootOf(to.caddyDir)).toEqual(rootOf(oldLaptop));
    // Nothing of the new laptop's CA is lost: its root, intermediate and issued certificates moved.
    const asideCa = readdirSync(join(to.caddyDir, 'pki', 'authorities')).find((n) =>
      /^local-sebelum-pulih-\d{8}-\d{6}$/.test(n),
    );
    const asideIssued = readdirSync(join(to.caddyDir, 'certificates')).find((n) =>
      /^local-sebelum-pulih-\d{8}-\d{6}$/.test(n),
    );
    expect(asideCa).toBeDefined();
    expect(asideIssued).toBeDefined();
    const moved = (path: string) =>
      path
        .replace(`${LOCAL}/`, `${join('pki', 'authorities', asideCa as string)}/`)
        .replace(`${join('certificates', 'local')}/`, `${join('certificates', asideIssued as string)}/`);
    const after = filesOf(to.caddyDir);
    for (const [path, state] of Object.entries(before)) {
      if (path.endsWith('/')) continue;
      expect(after[moved(path)], path).toBe(state);
    }
    expect(notes.join('\n')).toContain(
      `CA Caddy yang sebelumnya ada di sini tidak dihapus, hanya dipindahkan ke ${join(to.caddyDir, 'pki', 'authorities', asideCa as string)} dan ${join(to.caddyDir, 'certificates', asideIssued as string)}.`,
    );
    expect(notes.join('\n')).toMatch(/Mulai ulang Caddy/);

    const caddy = await startCaddy('internal', undefined, to.caddyDir);
    try {
      expect(await trustedBy(caddy.httpsPort, rootOf(oldLaptop).crt)).toBe(true);
      expect(await trustedBy(caddy.httpsPort, rootOf(newLaptop).crt)).toBe(false);
      const served = new X509Certificate(readFileSync(join(to.caddyDir, LOCAL, 'root.crt')));
      expect(served.fingerprint256).toBe(new X509Certificate(rootOf(oldLaptop).crt).fingerprint256);
    } finally {
      await caddy.stop();
    }
  });

  it('restored onto the laptop that took it, the CA is left as it is', async () => {
    const to = await target(oldLaptop);
    const before = filesOf(to.caddyDir);
    const { notes } = await restoreBackup(to.target, archive);
    expect(filesOf(to.caddyDir)).toEqual(before);
    expect(notes).toEqual([
      `Sertifikat CA Caddy di ${join(to.caddyDir, LOCAL)} sudah sama dengan yang di cadangan: tidak diubah, Caddy tidak perlu dimulai ulang.`,
    ]);
  });

  it('an archive from before CAs travelled restores as before and leaves an existing CA alone', async () => {
    const note = { name: 'data/catatan.txt', text: 'isi biasa' };
    const old = join(dir, 'sebelum.tar.gz');
    writeFileSync(
      old,
      await craftArchive([{ name: 'manifest.json', text: JSON.stringify(manifestOf([note])) }, note]),
    );
    const to = await target(newLaptop);
    const before = filesOf(to.caddyDir);
    const { notes } = await restoreBackup(to.target, old);
    expect(readFileSync(join(to.target.dataDir, 'catatan.txt'), 'utf8')).toBe('isi biasa');
    expect(filesOf(to.caddyDir)).toEqual(before);
    expect(notes).toEqual([]);
  });

  describe('hostile or damaged CA entries are refused with nothing written', () => {
    const crt = () => rootOf(oldLaptop).crt.toString();
    const key = () => rootOf(oldLaptop).key.toString();
    const cases: [
      string,
      () => { listed: { name: string; text: string }[]; entries: CraftedEntry[] },
      RegExp,
    ][] = [
      [
        'a key that is a symbolic link',
        () => {
          const root = { name: 'caddy-ca/root.crt', text: crt() };
          return {
            listed: [root, { name: 'caddy-ca/root.key', text: '' }],
            entries: [root, { name: 'caddy-ca/root.key', type: 'symlink', linkname: '../../../secret.key' }],
          };
        },
        /"caddy-ca\/root\.key" adalah tautan simbolik, bukan berkas biasa/,
      ],
      [
        'a key that climbs out',
        () => {
          const entries = [
            { name: 'caddy-ca/root.crt', text: crt() },
            { name: 'caddy-ca/../../root.key', text: key() },
          ];
          return { listed: entries, entries };
        },
        /"caddy-ca\/\.\.\/\.\.\/root\.key" menunjuk ke luar folder pemulihan/,
      ],
      [
        'a root without its key',
        () => {
          const entries = [{ name: 'caddy-ca/root.crt', text: crt() }];
          return { listed: entries, entries };
        },
        /bagian sertifikat CA Caddy-nya tidak lengkap atau memuat berkas lain/,
      ],
      [
        'another laptop’s key',
        () => {
          const entries = [
            { name: 'caddy-ca/root.crt', text: crt() },
            { name: 'caddy-ca/root.key', text: rootOf(newLaptop).key.toString() },
          ];
          return { listed: entries, entries };
        },
        /sertifikat CA Caddy di dalamnya rusak, atau kuncinya bukan pasangannya/,
      ],
    ];

    it.each(cases)('%s', async (_what, make, pattern) => {
      const { listed, entries } = make();
      const manifest = manifestOf(listed.filter((e) => e.text !== ''));
      for (const e of listed) manifest.checksums[e.name] ??= '0'.repeat(64);
      const out = join(dir, 'jahat.tar.gz.aes');
      writeFileSync(
        out,
        seal(
          await craftArchive([{ name: 'manifest.json', text: JSON.stringify(manifest) }, ...entries]),
          PASSPHRASE,
        ),
      );
      const to = await target(newLaptop);
      const before = await targetState(to.target);
      const { result, left } = await withTempFolder(() =>
        restoreBackup(to.target, out, { force: true, passphrase: PASSPHRASE }),
      );
      expect(result.status).toBe('rejected');
      const message = String((result as PromiseRejectedResult).reason.message);
      expect(message).toMatch(/^Berkas cadangan tidak sah: /);
      expect(message).toMatch(pattern);
      expect(message).toMatch(/\. Tidak ada yang diubah\.$/);
      expect(left).toEqual([]);
      expect(await targetState(to.target)).toEqual(before);
      expect(existsSync(join(to.target.dataDir, 'root.key'))).toBe(false);
    });
  });
});

describe('ukt restore', () => {
  it('says where the CA went, that Caddy must be restarted, and that trusting phones keep working', async () => {
    const from = mkdtempSync(join(tmpdir(), 'ukt-cli-ca-'));
    // Caddy's folder outside DATA_DIR, as when Caddy runs on its own (UKT_CADDY_DATA).
    const source = await startApp('sqlite', { UKT_CADDY_DATA: join(from, 'caddy-lama') });
    try {
      expect(source.config.caddyDataDir).toBe(join(from, 'caddy-lama'));
      cpSync(oldLaptop, source.config.caddyDataDir, { recursive: true });
      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
      const archive = join(from, 'cadangan.tar.gz');
      expect(await runCli(['backup', '--out', archive], source.config, io), out.join('\n')).toBe(0);
      expect(caddyNames(await namesIn(archive))).toEqual([...CA_NAMES]);
      const targetConfig = testConfig(join(from, 'pulih'), `sqlite:${join(from, 'pulih', 'ukt.db')}`, {
        UKT_CADDY_DATA: join(from, 'caddy-baru'),
      });
      cpSync(newLaptop, targetConfig.caddyDataDir, { recursive: true });
      out.length = 0;
      expect(await runCli(['restore', archive], targetConfig, io), out.join('\n')).toBe(0);
      const local = join(targetConfig.caddyDataDir, LOCAL);
      expect(out.slice(3)).toEqual([
        `Sertifikat CA Caddy dipulihkan ke ${local}.`,
        expect.stringMatching(
          new RegExp(
            `^CA Caddy yang sebelumnya ada di sini tidak dihapus, hanya dipindahkan ke ${local}-sebelum-pulih-\\d{8}-\\d{6} dan \\S+certificates/local-sebelum-pulih-\\d{8}-\\d{6}\\. HP yang sempat memasang sertifikat dari CA itu perlu memasang sertifikat lagi \\(Panitia → Sambungkan HP\\)\\.$`,
          ),
        ),
        'Mulai ulang Caddy agar situs memakai sertifikat yang dipulihkan (layanan Linux: sudo systemctl restart caddy; Windows atau macOS: tutup jendela Caddy, lalu jalankan lagi). HP yang sudah memasang sertifikat dari laptop asal cadangan ini tetap tersambung tanpa memasang ulang.',
      ]);
      expect(rootOf(targetConfig.caddyDataDir)).toEqual(rootOf(oldLaptop));
    } finally {
      await source.close();
      rmSync(from, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(process.platform === 'linux')(
  'a Caddy folder of another user (Debian’s caddy service)',
  { timeout: 180_000 },
  () => {
    const asRoot = process.getuid?.() === 0;
    const CLI = [process.execPath, ...nodeArgs('src/cli/main.ts')] as const;
    let dir: string;
    let archive: string;
    /** `ukt` through its real entry; as root, as the user nobody, who owns nothing of Caddy's. */
    const ukt = (env: Record<string, string>, ...args: string[]) =>
      runToExit({
        env: { ...env, TSX_DISABLE_CACHE: '1', LOG_LEVEL: 'silent' },
        command: asRoot ? ['runuser', '-u', 'nobody', '--', ...CLI, ...args] : [...CLI, ...args],
      });
    /** A folder of this user's that the other one may read and not write. */
    const foreign = (from: string, to: string) => {
      cpSync(from, to, { recursive: true });
      for (const entry of readdirSync(to, { recursive: true, withFileTypes: true })) {
        if (entry.isDirectory()) chmodSync(join(entry.parentPath, entry.name), asRoot ? 0o755 : 0o555);
      }
      chmodSync(to, asRoot ? 0o755 : 0o555);
    };
    /** A folder the other user may write. */
    const open = (path: string) => {
      mkdirSync(path, { recursive: true });
      chmodSync(path, 0o777);
      return path;
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'ukt-caddy-lain-'));
      chmodSync(dir, 0o755);
      const data = open(join(dir, 'data'));
      const config = testConfig(data, `sqlite:${join(data, 'ukt.db')}`, {
        UKT_SECRET: undefined as unknown as string,
        UKT_CADDY_DATA: join(dir, 'caddy'),
      });
      await (await buildApp(config)).close();
      cpSync(oldLaptop, config.caddyDataDir, { recursive: true });
      const { db } = connectDb(config.databaseUrl);
      try {
        archive = (
          await createBackup(configBackupSource(config, db, { clock: Date.now }), {
            reason: 'manual',
            out: join(dir, 'dengan-ca.tar.gz'),
          })
        ).file;
      } finally {
        await db.destroy();
      }
      chmodSync(archive, 0o644);
      if (asRoot) execFileSync('chown', ['-R', 'nobody', data]);
      rmSync(config.caddyDataDir, { recursive: true });
      // Caddy's folder as the caddy service leaves it: root.key for its owner alone.
      foreign(oldLaptop, config.caddyDataDir);
      chmodSync(join(config.caddyDataDir, LOCAL, 'root.key'), 0o000);
    });
    afterAll(() => {
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (entry.isDirectory()) chmodSync(join(entry.parentPath, entry.name), 0o700);
      }
      rmSync(dir, { recursive: true, force: true });
    });

    it('a key this user may not read: the backup goes on without the CA and says why', async () => {
      const out = join(open(join(dir, 'keluar')), 'tanpa-ca.tar.gz');
      const run = await ukt(
        {
          DATA_DIR: join(dir, 'data'),
          DATABASE_URL: `sqlite:${join(dir, 'data', 'ukt.db')}`,
          UKT_CADDY_DATA: join(dir, 'caddy'),
        },
        'backup',
        '--out',
        out,
      );
      expect(run.code, run.output).toBe(0);
      expect(run.lines.at(-1)).toBe(
        `Sertifikat CA Caddy di ${join(dir, 'caddy', LOCAL)} tidak ikut dalam cadangan ini (izin ditolak): jalankan aplikasi sebagai pengguna yang menjalankan Caddy, atau atur UKT_CADDY_DATA ke folder data Caddy yang boleh dibacanya.`,
      );
      expect(caddyNames(await namesIn(out))).toEqual([]);
    });

    it('a Caddy folder this user may not write refuses the restore before anything changes', async () => {
      const caddy = join(dir, 'caddy-baru');
      foreign(newLaptop, caddy);
      const before = filesOf(caddy);
      const data = open(join(dir, 'pulih'));
      const run = await ukt(
        { DATA_DIR: data, DATABASE_URL: `sqlite:${join(data, 'ukt.db')}`, UKT_CADDY_DATA: caddy },
        'restore',
        archive,
      );
      expect(run.code, run.output).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Cadangan ini memuat sertifikat CA Caddy, tetapi folder data Caddy ${caddy} tidak boleh ditulis oleh pengguna ini (izin ditolak di ${join(caddy, 'pki', 'authorities')}). Jalankan restore sebagai pengguna yang menjalankan Caddy (atau dengan sudo), atau atur UKT_CADDY_DATA ke folder data Caddy yang boleh ditulis, lalu jalankan restore lagi. Tidak ada yang diubah.`,
      );
      expect(filesOf(caddy)).toEqual(before);
      expect(readdirSync(data)).toEqual([]);
    });
  },
);
