import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseDay } from '../../../src/lib/release-day';
import { checkBackupFolder } from '../../../src/modules/preflight/backup-folder-check';
import { caddyVersionOf, checkCaddy } from '../../../src/modules/preflight/caddy-check';
import { checkCertificate, requiredUntil } from '../../../src/modules/preflight/certificate-check';
import { localDay } from '../../../src/modules/preflight/check';
import { checkClock } from '../../../src/modules/preflight/clock-check';
import { checkDisk, VENUE_MIN_FREE_BYTES } from '../../../src/modules/preflight/disk-check';
import { lastEventDay, lastEventDayOf } from '../../../src/modules/preflight/event-days';
import { checkName } from '../../../src/modules/preflight/name-check';
import { lsofHolder, netstatPid, tasklistName } from '../../../src/modules/preflight/port-holder';
import { checkPorts } from '../../../src/modules/preflight/ports-check';
import { nameOf } from '../../../src/modules/preflight/preflight';
import { realProbes } from '../../../src/modules/preflight/probes';
import { checkPublicUrl } from '../../../src/modules/preflight/public-url-check';
import { DATABASES, freshSchema, startApp, type TestApp, testConfig } from '../../support/app';
import { makeSelfSigned } from '../../support/domain-cert';
import { SERVER_DIR, SRC_DIR } from '../../support/paths';
import { freePort } from '../../support/server-process';

// The venue pre-flight checks against the real machine: real listeners, the real resolver, real
// programs on a PATH, certificates made by openssl, real folders. A probe is replaced only where the
// machine cannot show the failing side (a name resolving to two addresses, a full disk: see
// preflight-command.test.ts for a real small disk).

const linux = process.platform === 'linux';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ukt-periksa-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const listenOn = async (port: number): Promise<Server> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
};
const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('ports', () => {
  it('passes a port nobody listens on', async () => {
    const port = await freePort();
    const [check] = await checkPorts([port], realProbes, process.platform);
    expect(check).toMatchObject({ id: `port-${port}`, ok: true });
  });

  it.runIf(linux)('names this very process when it holds the port, and says how to stop it', async () => {
    const port = await freePort();
    const server = await listenOn(port);
    try {
      const [check] = await checkPorts([port], realProbes, 'linux');
      // As `ps` names it: the file the process was started as.
      const comm = basename(readFileSync('/proc/self/cmdline', 'utf8').split('\0')[0] as string);
      expect(check?.ok).toBe(false);
      expect(check?.pesan).toBe(
        `Port ${port} sudah dipakai oleh ${comm} (pid ${process.pid}): Caddy tidak dapat memakainya.`,
      );
      expect(check?.saran).toContain(`Hentikan ${comm} (pid ${process.pid})`);
    } finally {
      await closeServer(server);
    }
  });

  it.runIf(linux)(
    'warns rather than fails when the holder is a Caddy, which may be the right one',
    async () => {
      const port = await freePort();
      // A program named caddy: node under that name (the kernel names a process after the file run).
      const caddy = join(dir, 'bin-caddy', 'caddy');
      mkdirSync(join(dir, 'bin-caddy'), { recursive: true });
      symlinkSync(process.execPath, caddy);
      const child = spawn(caddy, [
        '-e',
        `require('net').createServer().listen(${port}, '127.0.0.1', () => console.log('siap'))`,
      ]);
      try {
        await new Promise((resolve) => child.stdout.once('data', resolve));
        const [check] = await checkPorts([port], realProbes, 'linux');
        expect(check?.ok).toBe('warn');
        expect(check?.pesan).toBe(`Port ${port} sudah dipakai Caddy lain: caddy (pid ${child.pid}).`);
        expect(check?.saran).toContain('sudo systemctl disable --now caddy');
        expect(check?.saran).toContain(`Bila bukan keduanya: \`kill ${child.pid}\`.`);
        // The launcher is about to start its own Caddy: any other Caddy stops it, with what to do
        // on each platform (docs/decisions/152).
        const [launcher] = await checkPorts([port], realProbes, 'linux', { launcher: true });
        expect(launcher?.ok).toBe(false);
        expect(launcher?.pesan).toBe(
          `Port ${port} sudah dipakai Caddy lain: caddy (pid ${child.pid}). Caddy peluncur tidak dapat memakainya.`,
        );
        const holder = { pid: 812, name: 'caddy.exe' };
        const held = { ...realProbes, portHolder: async () => holder };
        const [win] = await checkPorts([port], held, 'win32', { launcher: true });
        expect(win?.saran).toContain('Task Manager → Details → caddy.exe (PID 812) → End task');
        expect(win?.saran).not.toContain('systemctl');
        const [mac] = await checkPorts(
          [port],
          { ...held, portHolder: async () => ({ pid: 812, name: 'caddy' }) },
          'darwin',
          {
            launcher: true,
          },
        );
        expect(mac?.saran).toContain('Activity Monitor → caddy (PID 812) → Quit, atau `kill 812`');
        // The venue that runs on this data folder, as its lock file says: its own Caddy, no stranger.
        const running = {
          pid: 4242,
          nama: 'ukt.lan',
          alamat: 'https://ukt.lan',
          httpPort: port,
          httpsPort: port + 1,
          appPort: 3000,
          caddyPid: child.pid,
        };
        const [periksa] = await checkPorts([port], realProbes, 'linux', { running });
        expect(periksa).toMatchObject({
          ok: true,
          pesan: `Port ${port} dipakai Caddy dari UKT Penguji yang sedang berjalan untuk ukt.lan (peluncur pid 4242).`,
        });
        // Another Caddy than the one the lock names is still a stranger.
        const [other] = await checkPorts([port], realProbes, 'linux', {
          running: { ...running, caddyPid: 1 },
        });
        expect(other?.ok).toBe('warn');
      } finally {
        child.kill();
      }
    },
  );

  it('says "program lain" and the platform’s usual suspects when the holder cannot be found', async () => {
    const port = await freePort();
    const server = await listenOn(port);
    try {
      const probes = { ...realProbes, portHolder: async () => null };
      const [win] = await checkPorts([port], probes, 'win32');
      expect(win?.pesan).toBe(`Port ${port} sudah dipakai oleh program lain: Caddy tidak dapat memakainya.`);
      expect(win?.saran).toContain('IIS (`net stop w3svc` sebagai Administrator), Apache dari XAMPP');
      const [deb] = await checkPorts([port], probes, 'linux');
      expect(deb?.saran).toContain('sudo systemctl disable --now caddy');
    } finally {
      await closeServer(server);
    }
  });

  it('reads the holder from netstat, tasklist and lsof output', () => {
    const netstat = [
      '  Proto  Local Address          Foreign Address        State           PID',
      '  TCP    0.0.0.0:8080           0.0.0.0:0              LISTENING       999',
      '  TCP    192.168.8.10:51000     93.184.216.34:80       ESTABLISHED     777',
      '  TCP    [::]:80                [::]:0                 MENDENGARKAN    4',
    ].join('\r\n');
    expect(netstatPid(netstat, 80)).toBe(4);
    expect(netstatPid(netstat, 443)).toBeNull();
    expect(tasklistName('"System","4","Services","0","1.234 K"\r\n')).toBe('System');
    expect(lsofHolder('p812\ncnginx\nf6\n')).toEqual({ pid: 812, name: 'nginx' });
  });

  it('explains IIS when Windows itself (System, pid 4) holds the port', async () => {
    const port = await freePort();
    const server = await listenOn(port);
    try {
      const probes = { ...realProbes, portHolder: async () => ({ pid: 4, name: 'System' }) };
      const [check] = await checkPorts([port], probes, 'win32');
      expect(check?.saran).toContain('net stop w3svc');
    } finally {
      await closeServer(server);
    }
  });
});

describe('the name', () => {
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

  it('passes localhost, which may point at this laptop itself', async () => {
    expect(await checkName('localhost', false, realProbes)).toMatchObject({
      ok: true,
      pesan: expect.stringContaining('127.0.0.1'),
    });
  });

  it('fails a name the laptop does not know, listing its WiFi addresses for the router', async () => {
    const check = await checkName('tidak-ada.invalid', false, realProbes);
    expect(check.ok).toBe(false);
    expect(check.pesan).toMatch(/^Laptop ini tidak mengenal nama tidak-ada\.invalid \(E[A-Z]+\)\.$/);
    if (lan) expect(check.saran).toContain(lan);
  });

  it.runIf(lan)('passes this laptop’s own network address and fails another one', async () => {
    expect((await checkName(lan as string, false, realProbes)).ok).toBe(true);
    const other = await checkName('198.51.100.7', false, realProbes);
    expect(other).toMatchObject({
      ok: false,
      pesan: '198.51.100.7 menunjuk ke 198.51.100.7, bukan ke laptop ini.',
    });
    expect(other.saran).toContain(`alamat WiFi laptop ini: ${lan}`);
  });

  it('fails a name pointing at the laptop itself, unless loopback is asked for', async () => {
    const check = await checkName('127.0.0.1', false, realProbes);
    expect(check.ok).toBe(false);
    expect(check.saran).toContain('/etc/hosts');
    expect((await checkName('127.0.0.1', true, realProbes)).ok).toBe(true);
  });

  it('warns when only some of the addresses are this laptop’s, and refuses .local', async () => {
    const probes = { ...realProbes, lookup: async () => ['127.0.0.1', '198.51.100.7'] };
    const check = await checkName('ukt.lan', true, probes);
    expect(check).toMatchObject({
      ok: 'warn',
      pesan: 'ukt.lan menunjuk ke 127.0.0.1, 198.51.100.7; 198.51.100.7 bukan alamat laptop ini.',
    });
    expect((await checkName('ukt.local', false, realProbes)).ok).toBe(false);
  });

  it('takes the name out of what was typed', () => {
    expect(nameOf('https://UKT.lan/')).toBe('ukt.lan');
    expect(nameOf('ukt.lan:443')).toBe('ukt.lan');
  });
});

describe('Caddy', () => {
  /** A folder with a `caddy` that prints `output` and exits with `code`. */
  const fakeCaddy = (name: string, output: string, code = 0) => {
    const bin = join(dir, name);
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'caddy'), `#!/bin/sh\necho '${output}'\nexit ${code}\n`, { mode: 0o755 });
    return bin;
  };
  const onPath = (bin: string) => ({
    program: undefined,
    pathVariable: `${bin}${delimiter}/usr/bin`,
    platform: 'linux' as const,
  });

  it.runIf(linux)(
    'passes a Caddy of 2.6 or newer found on PATH, in either way of printing its version',
    async () => {
      const bin = fakeCaddy('baru', 'v2.7.6 h1:Ttf8Ug5Nt8x/t0GkB7tjE6oFeFj9+CJ9Td6NZ4cbHw=');
      expect(await checkCaddy(onPath(bin), realProbes)).toMatchObject({
        ok: true,
        pesan: `Caddy 2.7.6 di ${join(bin, 'caddy')}.`,
      });
      expect(caddyVersionOf('2.6.2\n')).toBe('2.6.2');
    },
  );

  it.runIf(linux)('fails a Caddy older than 2.6, naming the version needed', async () => {
    const bin = fakeCaddy('lama', 'v2.5.2 h1:abc');
    const check = await checkCaddy(onPath(bin), realProbes);
    expect(check).toMatchObject({
      ok: false,
      pesan: `Caddy di ${join(bin, 'caddy')} versi 2.5.2, terlalu lama: perlu 2.6 atau lebih baru.`,
    });
  });

  it.runIf(linux)('warns when the version cannot be read, fails when it does not run', async () => {
    expect((await checkCaddy(onPath(fakeCaddy('aneh', '(devel)')), realProbes)).ok).toBe('warn');
    const broken = await checkCaddy(onPath(fakeCaddy('rusak', 'segfault', 2)), realProbes);
    expect(broken).toMatchObject({ ok: false, pesan: expect.stringContaining('tidak dapat dijalankan') });
  });

  it('fails when Caddy is nowhere, saying where to get it for the platform', async () => {
    const empty = join(dir, 'kosong');
    mkdirSync(empty, { recursive: true });
    const check = await checkCaddy(
      { program: undefined, pathVariable: empty, platform: 'win32' },
      realProbes,
    );
    expect(check.ok).toBe(false);
    expect(check.saran).toContain('caddyserver.com/download');
    expect(check.saran).toContain('UKT_CADDY=C:\\ukt\\caddy.exe');
  });

  it('fails when UKT_CADDY names a file that is missing or cannot run', async () => {
    const missing = await checkCaddy(
      { program: join(dir, 'tidak-ada'), pathVariable: '', platform: 'linux' },
      realProbes,
    );
    expect(missing.pesan).toBe(
      `UKT_CADDY menunjuk ke ${join(dir, 'tidak-ada')}, tetapi di sana tidak ada program yang bisa dijalankan.`,
    );
    const text = join(dir, 'caddy.txt');
    writeFileSync(text, 'bukan program', { mode: 0o644 });
    expect((await checkCaddy({ program: text, pathVariable: '', platform: 'linux' }, realProbes)).ok).toBe(
      false,
    );
  });

  it.runIf(existsSync('/usr/bin/caddy'))('passes the machine’s own Caddy by UKT_CADDY', async () => {
    expect(
      (
        await checkCaddy(
          { program: '/usr/bin/caddy', pathVariable: '', platform: process.platform },
          realProbes,
        )
      ).ok,
    ).toBe(true);
  });
});

describe('a domain certificate', () => {
  /** A self-signed certificate and its key for `names`, valid `days`. */
  const certificate = (label: string, names: string[], days: number) =>
    makeSelfSigned(dir, label, `/CN=${names[0]}`, days, names);
  const now = () => new Date();
  const week = () => requiredUntil(undefined, now());

  it('passes a matching certificate for the name that lasts the week', () => {
    const files = certificate('baik', ['ukt.perguruan.or.id'], 30);
    expect(checkCertificate(files, 'ukt.perguruan.or.id', week(), now())).toMatchObject({ ok: true });
  });

  it('fails one that expires tomorrow, before the week or the last event day', () => {
    const files = certificate('besok', ['ukt.perguruan.or.id'], 1);
    const check = checkCertificate(files, 'ukt.perguruan.or.id', week(), now());
    expect(check.ok).toBe(false);
    expect(check.pesan).toContain('sebelum 7 hari ke depan (tanggal kegiatan tidak terbaca dari database)');
    const long = certificate('sebulan', ['ukt.perguruan.or.id'], 30);
    const later = localDay(new Date(Date.now() + 60 * 24 * 3600 * 1000));
    expect(checkCertificate(long, 'ukt.perguruan.or.id', requiredUntil(later, now()), now()).pesan).toContain(
      `sebelum hari terakhir kegiatan mendatang (${later})`,
    );
  });

  it('fails one for another name, listing the names it covers', () => {
    const files = certificate('lain', ['ukt.lain.or.id', 'www.lain.or.id'], 30);
    const check = checkCertificate(files, 'ukt.perguruan.or.id', week(), now());
    expect(check.pesan).toBe(
      'Sertifikat ini untuk ukt.lain.or.id, www.lain.or.id, bukan untuk ukt.perguruan.or.id.',
    );
  });

  it('fails a key of another certificate, a file that is no certificate, and a missing file', () => {
    const a = certificate('a', ['ukt.perguruan.or.id'], 30);
    const b = certificate('b', ['ukt.perguruan.or.id'], 30);
    const mismatch = checkCertificate({ cert: a.cert, key: b.key }, 'ukt.perguruan.or.id', week(), now());
    expect(mismatch.pesan).toBe(`Kunci ${b.key} bukan pasangan sertifikat ${a.cert}.`);
    const junk = join(dir, 'bukan.pem');
    writeFileSync(junk, 'bukan sertifikat');
    expect(checkCertificate({ cert: junk, key: a.key }, 'x', week(), now()).pesan).toBe(
      `${junk} bukan sertifikat yang bisa dibaca.`,
    );
    const gone = join(dir, 'hilang.pem');
    expect(checkCertificate({ cert: a.cert, key: gone }, 'x', week(), now()).pesan).toBe(
      `Berkas kunci ${gone} tidak dapat dibaca (ENOENT).`,
    );
  });

  it('fails one not valid yet by the laptop’s clock', () => {
    const files = certificate('nanti', ['ukt.perguruan.or.id'], 30);
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    expect(checkCertificate(files, 'ukt.perguruan.or.id', week(), yesterday).saran).toContain(
      'jam dan tanggal laptop',
    );
  });
});

describe.each(DATABASES)('the events’ last day on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { UKT_DEMO: '0' });
    const event = (id: number, tanggal: string, akhir: string | null, more = {}) =>
      t.app.db
        .insertInto('ukt')
        .values({
          id_ukt: id,
          id_organisasi: 1,
          nama_ukt: `UKT ${id}`,
          nama_kegiatan: '',
          tanggal_tes: tanggal,
          akhir_tes: akhir,
          id_tingkat: 1,
          ...more,
        })
        .execute();
    await event(1, '2026-12-01', '2026-12-03');
    await event(2, '2026-12-10', null);
    await event(3, '2027-01-05', null, { arsip: 1 });
    await event(4, '2027-02-01', null, { disahkan_at: '2026-11-01T00:00:00Z' });
    await event(5, '2026-11-01', null);
  });
  afterAll(() => t.close());

  it('is the last day of the events neither archived, ratified nor over', async () => {
    expect(await lastEventDay(t.app.db, 1, '2026-11-28')).toBe('2026-12-10');
    expect(await lastEventDay(t.app.db, 1, '2026-12-11')).toBeNull();
  });

  /** A URL of the test's database for a connection of its own: on PostgreSQL, its schema in the URL. */
  const urlOf = (schema: string | undefined) => {
    if (!schema) return t.config.databaseUrl;
    const u = new URL(t.config.databaseUrl);
    u.searchParams.set('options', `-c search_path=${schema}`);
    return u.toString();
  };

  it('is read from the configured database as it is', async () => {
    expect(await lastEventDayOf(testConfig(dir, urlOf(t.pgSchema)), '2026-11-28')).toBe('2026-12-10');
  });

  it('is unknown, never an error, for a database that is missing, not migrated or unreachable', async () => {
    if (kind === 'sqlite') {
      expect(
        await lastEventDayOf(testConfig(dir, `sqlite:${join(dir, 'tidak-ada.db')}`), '2026-11-28'),
      ).toBeUndefined();
      const empty = join(dir, 'kosong.db');
      writeFileSync(empty, '');
      expect(await lastEventDayOf(testConfig(dir, `sqlite:${empty}`), '2026-11-28')).toBeUndefined();
    } else {
      const fresh = await freshSchema(process.env.TEST_DATABASE_URL as string);
      try {
        expect(await lastEventDayOf(testConfig(dir, urlOf(fresh.schema)), '2026-11-28')).toBeUndefined();
      } finally {
        await fresh.drop();
      }
      const away = testConfig(dir, 'postgres://postgres@127.0.0.1:1/test');
      expect(await lastEventDayOf(away, '2026-11-28')).toBeUndefined();
    }
  });
});

describe('the clock', () => {
  const release = releaseDay();
  const [y, m, d] = release.split('-').map(Number) as [number, number, number];

  it('is dated by the release day (run from source: the last commit’s), and the machine’s clock passes', () => {
    expect(release).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(checkClock(new Date())).toMatchObject({ ok: true });
  });

  it('fails before this version was made, warns years after it', () => {
    const check = checkClock(new Date(y, m - 1, d - 1, 12));
    expect(check.ok).toBe(false);
    expect(check.pesan).toContain(`lebih awal dari tanggal versi aplikasi ini (${release})`);
    expect(checkClock(new Date(y + 4, m - 1, d)).ok).toBe('warn');
  });
});

describe('disks', () => {
  const place = () => ({ id: 'disk-data', label: 'data (DATA_DIR)', path: join(dir, 'data-belum-ada', 'x') });

  it('reads the disk of a folder not made yet from its nearest parent', () => {
    const check = checkDisk(place(), 100 * 1024 * 1024, realProbes);
    // The machine's temp disk has room; the failing sides run on a real small disk in preflight-command.test.ts.
    expect(check.ok).toBe(true);
    expect(check.pesan).toMatch(/^Sisa .* di disk .*data-belum-ada\/x\.$/);
  });

  it('fails under MIN_FREE_DISK_MB and warns under the venue’s 500 MB', () => {
    const space = (free: number) => ({
      ...realProbes,
      diskSpace: (path: string) => ({ path, free, total: 8 * 1024 ** 3 }),
    });
    expect(checkDisk(place(), 100 * 1024 * 1024, space(50 * 1024 * 1024)).ok).toBe(false);
    expect(checkDisk(place(), 100 * 1024 * 1024, space(VENUE_MIN_FREE_BYTES - 1)).ok).toBe('warn');
  });
});

describe('the backup folder', () => {
  const places = (backupDir: string) => ({
    backupDir,
    dataDir: join(dir, 'data'),
    sqliteFile: join(dir, 'data', 'ukt.db'),
  });

  it('takes a file in a folder outside the data and leaves nothing behind (on its disk: a warning, test/config/backup-same-disk)', () => {
    const backups = join(dir, 'cadangan-baik');
    expect(checkBackupFolder(places(backups)).ok).toBe('warn');
    expect(readdirSync(backups)).toEqual([]);
  });

  it('fails a folder that cannot take a file: one under a regular file (so it fails for root too)', () => {
    const file = join(dir, 'berkas-biasa');
    writeFileSync(file, '');
    const check = checkBackupFolder(places(join(file, 'cadangan')));
    expect(check).toMatchObject({
      ok: false,
      pesan: `Folder cadangan ${join(file, 'cadangan')} tidak dapat ditulis (ENOTDIR).`,
    });
    expect(checkBackupFolder(places(file)).pesan).toBe(`BACKUP_DIR ${file} adalah berkas, bukan folder.`);
  });

  it('fails a folder inside the data, with backupDirProblem’s words', () => {
    const check = checkBackupFolder(places(join(dir, 'data', 'lain')));
    expect(check.ok).toBe(false);
    expect(check.pesan).toBe(
      `BACKUP_DIR ${join(dir, 'data', 'lain')} berada di dalam DATA_DIR ${join(dir, 'data')}.`,
    );
    expect(check.saran).toMatch(/^Atur BACKUP_DIR ke folder di luar DATA_DIR/);
  });

  it('warns, making nothing, when the folder and its parent are missing (a flash drive not plugged in)', () => {
    const usb = join(dir, 'flashdisk', 'cadangan');
    expect(checkBackupFolder(places(usb)).ok).toBe('warn');
    expect(existsSync(join(dir, 'flashdisk'))).toBe(false);
  });

  it.runIf(linux)('fails a folder without write permission (as root: checked as the user nobody)', () => {
    const locked = join(dir, 'terkunci');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    if (process.getuid?.() !== 0) {
      expect(checkBackupFolder(places(locked)).ok).toBe(false);
      return;
    }
    // Root writes anywhere: the same check in a process of an unprivileged user, who may reach the folder.
    chmodSync(dir, 0o755);
    const module = join(SRC_DIR, 'modules/preflight/backup-folder-check.ts');
    const script = `const { checkBackupFolder } = await import(${JSON.stringify(module)});
console.log(JSON.stringify(checkBackupFolder(${JSON.stringify(places(locked))})));`;
    const out = execFileSync(
      'runuser',
      ['-u', 'nobody', '--', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: SERVER_DIR, encoding: 'utf8' },
    );
    const check = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
      ok: boolean | string;
      pesan: string;
    };
    expect(check.ok).toBe(false);
    expect(check.pesan).toContain(locked);
  });
});

describe('PUBLIC_URL', () => {
  it('passes the https address of the name, with no port for 443', () => {
    expect(checkPublicUrl('https://ukt.lan', 'ukt.lan', 443).ok).toBe(true);
    expect(checkPublicUrl('https://UKT.lan/', 'ukt.lan', 443).ok).toBe(true);
  });

  it('fails any other, saying the exact value to set', () => {
    const check = checkPublicUrl('https://ukt.lan', 'ukt.lan', 8443);
    expect(check.pesan).toBe('PUBLIC_URL https://ukt.lan, sedangkan HP membuka https://ukt.lan:8443.');
    expect(check.saran).toMatch(/^Isi PUBLIC_URL=https:\/\/ukt\.lan:8443 lalu/);
    expect(checkPublicUrl('http://192.168.8.10:3000', 'ukt.lan', 443).ok).toBe(false);
  });
});
