import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, nodeArgs, runToExit } from '../../support/server-process';
import { runOnSmallDisk } from '../../support/small-disk';

// `ukt periksa` through its real entry, as a volunteer runs it on the venue laptop: the lines it
// prints, its exit code, with no database at all, on a real small disk of its own
// (support/small-disk.ts), as a normal user who may not open port 80, and with a port held by
// this test's own process.

const CLI = [process.execPath, ...nodeArgs('src/cli/main.ts'), 'periksa'] as const;
const linux = process.platform === 'linux';
const asRoot = process.getuid?.() === 0;

describe.runIf(linux)('ukt periksa through its real entry', { timeout: 180_000 }, () => {
  let dir: string;
  let bin: string;
  beforeAll(() => {
    // Folders the `nobody` run reaches too.
    dir = mkdtempSync(join(tmpdir(), 'ukt-periksa-cli-'));
    chmodSync(dir, 0o755);
    bin = join(dir, 'bin');
    mkdirSync(bin, { mode: 0o755 });
    writeFileSync(join(bin, 'caddy'), "#!/bin/sh\necho 'v2.7.6 h1:abc'\n", { mode: 0o755 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The environment of a laptop named localhost with Caddy on free ports and no database yet. */
  const laptop = async (name: string) => {
    const data = join(dir, name);
    mkdirSync(data, { mode: 0o777 });
    chmodSync(data, 0o777);
    const [http, https] = [await freePort(), await freePort()];
    return {
      data,
      http,
      https,
      env: {
        DATA_DIR: data,
        DATABASE_URL: `sqlite:${join(data, 'ukt.db')}`,
        PUBLIC_URL: `https://localhost:${https}`,
        UKT_HTTP_PORT: String(http),
        UKT_HTTPS_PORT: String(https),
        PATH: `${bin}:/usr/sbin:/usr/bin:/sbin:/bin`,
        TSX_DISABLE_CACHE: '1',
      },
    };
  };

  it('passes a ready laptop with no database yet: exit 0, one ✓ line per check', async () => {
    const { env, http, https } = await laptop('siap');
    const run = await runToExit({ env, command: [...CLI, 'localhost'] });
    expect(run.code, run.output).toBe(0);
    expect(run.lines).toContain(`✓ Port ${http} untuk Caddy: Port ${http} bebas.`);
    expect(run.lines).toContain(`✓ Port ${https} untuk Caddy: Port ${https} bebas.`);
    expect(run.lines).toContain(`✓ Caddy 2.6 atau lebih baru: Caddy 2.7.6 di ${join(bin, 'caddy')}.`);
    // The one warning a test machine always gives: backups on the data's own disk, as on a laptop
    // without a flash disk (backup-folder-check.ts).
    expect(run.lines.filter((l) => !l.startsWith('✓ ') && !l.startsWith('    '))).toEqual([
      expect.stringMatching(
        /^! Folder cadangan \(BACKUP_DIR\): Folder cadangan .*\/siap\/cadangan ada di disk yang sama/,
      ),
      'Hasil: 8 baik, 1 peringatan, 0 gagal. Boleh mulai; baca dulu peringatan (!) di atas.',
    ]);
  });

  it.runIf(asRoot)('warns on a small disk, and fails a full one and a port this test holds', async () => {
    const small = await laptop('kecil');
    const warned = await runToExit({
      env: { ...small.env, MIN_FREE_DISK_MB: '10' },
      command: runOnSmallDisk({ at: small.data, sizeMb: 64 }, [...CLI, 'localhost']),
    });
    expect(warned.code, warned.output).toBe(0);
    expect(warned.lines).toContainEqual(
      expect.stringMatching(/^! Ruang disk untuk data \(DATA_DIR\): Sisa 6\d MB dari 64 MB/),
    );
    expect(warned.lines).toContain(
      'Hasil: 6 baik, 3 peringatan, 0 gagal. Boleh mulai; baca dulu peringatan (!) di atas.',
    );

    const full = await laptop('penuh');
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(full.http, '127.0.0.1', resolve));
    try {
      const failed = await runToExit({
        env: { ...full.env, MIN_FREE_DISK_MB: '50' },
        command: runOnSmallDisk({ at: full.data, sizeMb: 16 }, [...CLI, 'tidak-ada.invalid']),
      });
      // As `ps` names it: the file the process was started as.
      const comm = basename(readFileSync('/proc/self/cmdline', 'utf8').split('\0')[0] as string);
      expect(failed.code, failed.output).toBe(1);
      expect(failed.lines).toContain(
        `✗ Port ${full.http} untuk Caddy: Port ${full.http} sudah dipakai oleh ${comm} (pid ${process.pid}): Caddy tidak dapat memakainya.`,
      );
      expect(failed.lines).toContainEqual(
        expect.stringMatching(/^✗ Ruang disk untuk data \(DATA_DIR\): Sisa 1\d MB dari 16 MB/),
      );
      const name = failed.lines.indexOf(
        '✗ Nama tidak-ada.invalid menunjuk ke laptop ini: Laptop ini tidak mengenal nama tidak-ada.invalid (ENOTFOUND).',
      );
      expect(name, failed.output).toBeGreaterThan(-1);
      expect(failed.lines[name + 1]).toMatch(/^ {4}Tambahkan tidak-ada\.invalid di DNS router/);
      expect(failed.lines.find((l) => l.startsWith('Hasil: '))).toMatch(
        /^Hasil: \d baik, \d peringatan, [45] gagal\. Perbaiki yang bertanda ✗, lalu jalankan lagi: npm run ukt -- periksa tidak-ada\.invalid$/,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.runIf(asRoot)(
    'tells a normal user who may not open a port below 1024 how Caddy gets the right',
    async () => {
      const { env } = await laptop('biasa');
      // Port 1: below 1024 and listened on by nobody here.
      const run = await runToExit({
        env: { ...env, UKT_HTTP_PORT: '1' },
        command: ['runuser', '-u', 'nobody', '--', ...CLI, 'localhost'],
      });
      expect(run.code, run.output).toBe(0);
      const at = run.lines.indexOf(
        '! Port 1 untuk Caddy: Pengguna ini tidak boleh membuka port 1: port di bawah 1024 hanya untuk administrator (root).',
      );
      expect(at, run.output).toBeGreaterThan(-1);
      expect(run.lines[at + 1]).toContain('sudo setcap cap_net_bind_service=+ep "$(command -v caddy)"');
    },
  );
});
