import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { CADDYFILE } from '../support/caddy';
import { makeDomainCertificate } from '../support/domain-cert';
import { SERVER_DIR } from '../support/paths';
import { freePort, nodeArgs, runToExit } from '../support/server-process';

// The venue launcher's life with the real Caddy (docs/decisions/152): Caddy and the app never outlive
// it however it ends (SIGTERM, a terminal's hang-up to its process group, a terminal really closed,
// SIGKILL, Ctrl+C to the group); a second start on the same data folder says the venue already runs,
// and `periksa` then counts the venue's own Caddy as no stranger; a laptop set up with the earlier
// guide keeps its CA and its typed BACKUP_DIR. Paths hold spaces and non-ASCII letters throughout.

const linux = process.platform === 'linux';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether `pid` still runs (a zombie left for a parent that does not reap does not). */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Waits until `check` holds, up to `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
}

interface Launched {
  child: ChildProcess;
  output(): string;
  dataDir: string;
  env: Record<string, string>;
  ports: { app: number; http: number; https: number };
  /** The launcher's, Caddy's and the app's pids, from the launcher's lock file. */
  pids: { launcher: number; caddy: number; app: number };
}

describe.runIf(linux)('the venue launcher and what it leaves behind', { timeout: 240_000 }, () => {
  const dirs: string[] = [];
  const started: ChildProcess[] = [];
  /** Caddy and app pids of every venue started, so a failing test leaves none of them running. */
  const childPids: number[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    for (const pid of childPids.splice(0)) if (runs(pid)) process.kill(pid, 'SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A folder like a Windows user's: "…/Budi Santoso/Dokumen Ujian". */
  const home = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ukt-venue-life-'));
    dirs.push(dir);
    const spaced = join(dir, 'Budi Santoso');
    mkdirSync(join(spaced, 'Dokumen Ujian'), { recursive: true });
    return spaced;
  };

  /** The environment of a launcher on free ports, its data in "Dokumen Ujian/data ujián". */
  const environment = async (homeDir: string, more: Record<string, string> = {}) => {
    const dataDir = join(homeDir, 'Dokumen Ujian', 'data ujián');
    const ports = { app: await freePort(), http: await freePort(), https: await freePort() };
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: homeDir,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'ukt.db')}`,
      PORT: String(ports.app),
      UKT_HTTP_PORT: String(ports.http),
      UKT_HTTPS_PORT: String(ports.https),
      UKT_BIND: '127.0.0.1',
      UKT_ENV_FILE: join(homeDir, 'ukt.env'),
      ...more,
    };
    return { dataDir, ports, env };
  };

  /** Starts `node --import tsx src/launcher/main.ts ujian.test` (through `script` when `terminal`), and waits until it runs. */
  const launch = async (
    homeDir: string,
    options: { more?: Record<string, string>; terminal?: boolean; shell?: boolean; args?: string[] } = {},
  ): Promise<Launched> => {
    const { dataDir, ports, env } = await environment(homeDir, options.more);
    // The committee's own organisation on a fresh database (docs/decisions/154).
    const command = [
      process.execPath,
      ...nodeArgs('src/launcher/main.ts'),
      'ujian.test',
      '--organisasi',
      'Perguruan Uji',
      '--admin',
      '081100000001',
      ...(options.args ?? []),
    ];
    // `script` gives the launcher a real terminal: killing `script` closes it, as closing a window does.
    // `shell`: started as `npm run venue` starts it, through a shell that waits for it (`; :` keeps sh
    // from replacing itself with the command).
    const quotedCommand = command.map((word) => `'${word}'`).join(' ');
    const [program, ...args] = options.terminal
      ? ['script', '-qfec', quotedCommand, '/dev/null']
      : options.shell
        ? ['sh', '-c', `${quotedCommand}; :`]
        : command;
    const child = spawn(program as string, args, {
      cwd: SERVER_DIR,
      env,
      // Its own process group, as a terminal's job: a signal to the group reaches it all.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let text = '';
    child.stdout?.on('data', (d) => {
      text += String(d);
    });
    child.stderr?.on('data', (d) => {
      text += String(d);
    });
    const up = await until(() => /Tekan Ctrl\+C/.test(text) || child.exitCode !== null, 120_000);
    expect(up && /Tekan Ctrl\+C/.test(text), text).toBe(true);
    const lock = JSON.parse(readFileSync(join(dataDir, 'peluncur-berjalan.json'), 'utf8'));
    expect(lock).toMatchObject({ nama: 'ujian.test', httpPort: ports.http, httpsPort: ports.https });
    const pids = { launcher: lock.pid, caddy: lock.caddyPid, app: lock.appPid };
    childPids.push(pids.caddy, pids.app);
    for (const pid of Object.values(pids)) expect(runs(pid)).toBe(true);
    expect(await listening(ports.http)).toBe(true);
    return { child, output: () => text, dataDir, env, ports, pids };
  };

  /** Nothing of the venue is left: no process, no port, no lock file. */
  const leftNothing = async (venue: Launched) => {
    const { caddy, app, launcher } = venue.pids;
    const lock = join(venue.dataDir, 'peluncur-berjalan.json');
    const gone = () => !runs(caddy) && !runs(app) && !runs(launcher) && !existsSync(lock);
    expect(await until(gone, 25_000), venue.output()).toBe(true);
    for (const port of Object.values(venue.ports)) expect(await listening(port)).toBe(false);
  };

  it('SIGTERM: both stop, said in the window; a second start and periksa meanwhile know the venue runs', async () => {
    const venue = await launch(home());
    // The name this machine's DNS does not know: a warning at the launcher, which starts anyway (152).
    expect(venue.output()).toContain(
      '! Nama ujian.test menunjuk ke laptop ini: Laptop ini tidak mengenal nama ujian.test (ENOTFOUND).',
    );
    expect(venue.output()).toContain(
      'Aplikasi tetap dimulai dan bisa disiapkan di laptop ini; HP baru dapat membukanya setelah nama itu menunjuk ke laptop ini.',
    );
    // A second window on the same data folder: named, refused, the first one untouched.
    const second = await runToExit({ entry: 'src/launcher/main.ts', args: ['ujian.test'], env: venue.env });
    expect(second.code).toBe(1);
    expect(second.output).toContain(
      `✗ UKT Penguji sudah berjalan di jendela lain untuk ujian.test (peluncur pid ${venue.pids.launcher}, port ${venue.ports.http} dan ${venue.ports.https}): https://ujian.test:${venue.ports.https}`,
    );
    expect(second.output).not.toContain('Memeriksa laptop');
    // `periksa` in another window: the venue's own Caddy holds the ports, as it should.
    const periksa = await runToExit({
      entry: 'src/cli/main.ts',
      args: ['periksa', 'ujian.test'],
      env: venue.env,
    });
    expect(periksa.output).toContain(
      `✓ Port ${venue.ports.http} untuk Caddy: Port ${venue.ports.http} dipakai Caddy dari UKT Penguji yang sedang berjalan untuk ujian.test (peluncur pid ${venue.pids.launcher}).`,
    );
    expect(periksa.output).not.toContain('systemctl');
    expect(runs(venue.pids.caddy) && (await listening(venue.ports.https))).toBe(true);

    process.kill(venue.pids.launcher, 'SIGTERM');
    await leftNothing(venue);
    expect(venue.output()).toContain('UKT Penguji berhenti. Semua nilai yang diterima sudah tersimpan.');
  });

  it('SIGHUP to the process group (a terminal hanging up): both stop', async () => {
    const venue = await launch(home());
    process.kill(-(venue.child.pid as number), 'SIGHUP');
    await leftNothing(venue);
  });

  it('Ctrl+C in the terminal (SIGINT to the process group): both stop', async () => {
    const venue = await launch(home());
    process.kill(-(venue.child.pid as number), 'SIGINT');
    await leftNothing(venue);
    expect(venue.output()).toContain('UKT Penguji berhenti. Semua nilai yang diterima sudah tersimpan.');
  });

  it('the terminal itself closed (its program killed, the launcher gets the hang-up): both stop', async () => {
    const venue = await launch(home(), { terminal: true });
    // `script` is the terminal here: killed outright, its side of the terminal closes.
    process.kill(venue.child.pid as number, 'SIGKILL');
    await leftNothing(venue);
  });

  it('what started it (npm, its shell) killed outright: the launcher stops with it', async () => {
    const venue = await launch(home(), { shell: true });
    expect(venue.pids.launcher).not.toBe(venue.child.pid);
    process.kill(venue.child.pid as number, 'SIGKILL');
    await leftNothing(venue);
  });

  it('the launcher killed outright (SIGKILL): the watchdog stops Caddy and the app and removes the lock', async () => {
    const venue = await launch(home());
    process.kill(venue.pids.launcher, 'SIGKILL');
    await leftNothing(venue);
  });

  it('a laptop set up with the earlier guide: its CA in ~/ukt/caddy-data is used again, a typed BACKUP_DIR is remembered', async () => {
    const homeDir = home();
    // The CA Caddy made when run by hand with UKT_CADDY_DATA=$HOME/ukt/caddy-data.
    const old = join(homeDir, 'ukt', 'caddy-data');
    const made = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', CADDYFILE], {
      env: { PATH: process.env.PATH, HOME: homeDir, UKT_HOST: 'ujian.test', UKT_CADDY_DATA: old },
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
    const oldRoot = new X509Certificate(readFileSync(join(old, 'pki/authorities/local/root.crt')));
    const backups = join(homeDir, 'Flashdisk Ujian', 'cadangan');
    const venue = await launch(homeDir, { more: { BACKUP_DIR: backups } });
    const data = join(venue.dataDir, 'caddy');
    expect(venue.output()).toContain(
      `Sertifikat CA dari cara lama dipakai lagi: disalin dari ${old} ke ${data}; HP yang sudah memasangnya tidak perlu memasang ulang.`,
    );
    expect(venue.output()).toContain(`Sidik jari SHA-256: ${oldRoot.fingerprint256}`);
    const served = readFileSync(join(data, 'pki/authorities/local/root.crt'));
    expect(new X509Certificate(served).fingerprint256).toBe(oldRoot.fingerprint256);
    // Where backups go is said, and remembered for the next start and for other windows.
    expect(venue.output()).toContain(`Cadangan otomatis tiap 30 menit ke: ${backups}`);
    expect(venue.output()).toContain('Nama, alamat dan folder cadangan disimpan di');
    expect(readFileSync(join(homeDir, 'ukt.env'), 'utf8')).toContain(`\nBACKUP_DIR=${backups}\n`);
    // The earlier folder is left as it was.
    expect(existsSync(join(old, 'pki/authorities/local/root.key'))).toBe(true);
    process.kill(venue.pids.launcher, 'SIGTERM');
    await leftNothing(venue);
  });

  it('a certificate obtained before the event, in a folder with a space: Caddy serves it, nothing to install', async () => {
    const homeDir = home();
    // A test "public" CA and a certificate for ujian.test for a month, as certbot's would be.
    const folder = join(homeDir, 'Sertifikat Domain');
    mkdirSync(folder);
    const domain = makeDomainCertificate(folder, 'ujian.test', 30);
    const venue = await launch(homeDir, {
      args: ['--sertifikat', domain.cert, '--kunci', domain.key],
    });
    expect(venue.output()).toContain('✓ Sertifikat untuk ujian.test');
    expect(venue.output()).not.toContain('Sidik jari');
    // The site's certificate is the one from the spaced folder, trusted through its CA.
    const served = await new Promise<string>((resolve, reject) => {
      const socket = connect(
        {
          host: '127.0.0.1',
          port: venue.ports.https,
          servername: 'ujian.test',
          ca: domain.caPem,
        },
        () => {
          resolve(socket.getPeerX509Certificate()?.fingerprint256 ?? '');
          socket.end();
        },
      );
      socket.once('error', reject);
    });
    expect(served).toBe(new X509Certificate(readFileSync(domain.cert)).fingerprint256);
    process.kill(venue.pids.launcher, 'SIGTERM');
    await leftNothing(venue);
  });
});
