import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run';
import type { Config } from '../../../src/config/env';
import { createBackup } from '../../../src/modules/backup/backup.service';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { DATABASES, freshSchema, startApp, type TestApp, testConfig } from '../../support/app';
import { type TestTarget, targetState, testTarget } from '../../support/restore';
import { freePort, type ServerProcess, startServer } from '../../support/server-process';

// A restore never pulls a database from under a running server (DESIGN §14): a real server
// process on the target holds `ukt restore` back, `--force` included, until it stops or the
// committee says --selagi-server-jalan. SQLite: the server's pid beside the database file (a
// killed server's stale pid holds nothing back); PostgreSQL: the server's connections to the same
// database and schema (another schema's server holds nothing back).

const STOP_HINT =
  /^Database \S+ sedang dipakai server UKT Penguji \((proses \d+|\d+ koneksi)\)\. Hentikan server itu dulu: sudo systemctl stop ukt-penguji bila berjalan sebagai layanan, atau tekan Ctrl\+C di jendela yang menjalankan npm start; lalu jalankan restore lagi\. Tidak ada yang diubah\./;

/** A PostgreSQL URL whose connections work in `schema`, as an installation on a schema sets it. */
function inSchema(schema: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

describe.each(DATABASES)('a restore onto %s while a server runs on it', { timeout: 240_000 }, (kind) => {
  let source: TestApp;
  let dir: string;
  let archive: string;
  let to: TestTarget;
  let databaseUrl: string;
  let config: Config;
  let server: ServerProcess | undefined;

  const ukt = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(args, config, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const startOnTarget = async () => {
    const started = startServer({
      env: {
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: to.target.dataDir,
        OTP_DELIVERY: 'file',
        OTP_OUTBOX: join(dir, 'otp.jsonl'),
        LOG_LEVEL: 'info',
        WEB_DIST: join(dir, 'none'),
      },
    });
    await started.listening();
    return started;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-berjalan-'));
    // No UKT_SECRET: the secret lives in DATA_DIR, so the archive carries it.
    source = await startApp('sqlite', { UKT_SECRET: undefined as unknown as string });
    archive = (
      await createBackup(serverBackupSource(source.app), { reason: 'manual', out: join(dir, 'a.tar.gz') })
    ).file;
    to = await testTarget(kind, true);
    databaseUrl = kind === 'postgres' ? inSchema(to.target.pgSchema as string) : to.target.databaseUrl;
    config = testConfig(to.target.dataDir, databaseUrl);
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await to.remove();
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is refused, --force included, saying how to stop the server; the target stays as it was', async () => {
    server = await startOnTarget();
    const before = await targetState(to.target);
    for (const flags of [[], ['--force']]) {
      const refused = await ukt('restore', archive, ...flags);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(STOP_HINT);
      if (kind === 'sqlite') expect(refused.err).toContain(`(proses ${server.child.pid})`);
    }
    expect(await targetState(to.target)).toEqual(before);

    if (kind === 'postgres') {
      // Another schema of the same database is another installation: its server holds nothing back.
      const other = await freshSchema(process.env.TEST_DATABASE_URL as string);
      const elsewhere = mkdtempSync(join(dir, 'lain-'));
      try {
        const code = await runCli(['restore', archive], testConfig(elsewhere, inSchema(other.schema)), {
          out: () => undefined,
          err: (l) => expect.fail(l),
        });
        expect(code).toBe(0);
      } finally {
        await other.drop();
      }
    }
  });

  it('goes ahead when the committee says so with --selagi-server-jalan', async () => {
    const done = await ukt('restore', archive, '--force', '--selagi-server-jalan');
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    expect(readFileSync(join(to.target.dataDir, 'secret.key'))).toEqual(
      readFileSync(join(source.config.dataDir, 'secret.key')),
    );
  });

  it('once the server has stopped, the restore goes through without the flag', async () => {
    expect(await server?.stop()).toBe(0);
    if (kind === 'sqlite') expect(existsSync(`${to.target.databaseUrl.slice(7)}-pid`)).toBe(false);
    const done = await ukt('restore', archive, '--force');
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
  });

  it('a server that was killed holds nothing back (its stale pid is ignored)', async () => {
    server = await startOnTarget();
    const pid = server.child.pid;
    await server.stop('SIGKILL');
    if (kind === 'sqlite') {
      expect(readFileSync(`${to.target.databaseUrl.slice(7)}-pid`, 'utf8').trim()).toBe(String(pid));
    }
    const done = await ukt('restore', archive, '--force');
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
  });
});
