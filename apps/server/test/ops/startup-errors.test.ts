import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from '../../src/db/sqlite-driver';
import { freePort, runToExit } from '../support/server-process';

// A server or `ukt` command that cannot use its database or DATA_DIR says so in one line naming the
// setting and the place, in Indonesian, and exits 1: no stack trace for an operator to decode.
// Each case is a process of its own: they run side by side.
describe.concurrent('start-up with an unusable database or data directory', { timeout: 90_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-startup-'));
    // A regular file where a folder is expected: nobody, root included, can create a folder in it.
    writeFileSync(join(dir, 'a-file'), '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const runFile = (entry: string, env: Record<string, string>, args: string[] = []) =>
    runToExit({ entry, args, env: { PORT: '0', HOST: '127.0.0.1', WEB_DIST: join(dir, 'none'), ...env } });
  const server = (env: Record<string, string>) => runFile('src/server.ts', env);

  /** A real SQLite database that SQLite itself opens read-only (its header's write version is 3). */
  const readOnlyDatabase = (name: string) => {
    const file = join(dir, name);
    const db = new SQLite(file);
    db.exec('create table t (a)');
    db.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.from([3]), 0, 1, 18);
    closeSync(fd);
    return file;
  };

  it('a read-only SQLite database: names DATABASE_URL and the file', async () => {
    const file = readOnlyDatabase('server.db');
    const { code, lines } = await server({ DATA_DIR: join(dir, 'data'), DATABASE_URL: `sqlite:${file}` });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL ${file} hanya bisa dibaca (SQLITE_READONLY): periksa izin berkas dan foldernya, atau pilih berkas lain dengan DATABASE_URL.`,
    ]);
  });

  it('a SQLite database in a folder that cannot be made: names DATABASE_URL and the folder', async () => {
    const file = join(dir, 'a-file', 'db', 'ukt.db');
    const { code, lines } = await server({ DATA_DIR: join(dir, 'data'), DATABASE_URL: `sqlite:${file}` });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL ${file}: folder ${join(dir, 'a-file', 'db')} tidak dapat dibuat atau ditulis (ENOTDIR): periksa izin folder atau pilih berkas lain dengan DATABASE_URL.`,
    ]);
  });

  it('a DATA_DIR that cannot be made or written: names DATA_DIR and the folder', async () => {
    const dataDir = join(dir, 'a-file', 'data');
    const { code, lines } = await server({
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dir, 'ok', 'ukt.db')}`,
      UKT_SECRET: 'startup-test-secret-0123456789abcdef',
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATA_DIR ${dataDir} tidak dapat ditulis (ENOTDIR): periksa izin folder atau pilih folder lain dengan DATA_DIR.`,
    ]);
  });

  it('an unreachable PostgreSQL: names DATABASE_URL with host and port, never the password', async () => {
    const port = await freePort();
    const { code, lines } = await server({
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: `postgres://ukt:rahasia-sekali@127.0.0.1:${port}/ukt`,
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATABASE_URL 127.0.0.1:${port}/ukt: PostgreSQL tidak dapat dihubungi (ECONNREFUSED): pastikan PostgreSQL berjalan dan alamat di DATABASE_URL benar.`,
    ]);
  });

  it('the ukt command line says the same for its database', async () => {
    const file = readOnlyDatabase('cli.db');
    const { code, lines } = await runFile(
      'src/cli/main.ts',
      { DATA_DIR: join(dir, 'data'), DATABASE_URL: `sqlite:${file}` },
      ['link', '6281100000001'],
    );
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^DATABASE_URL .* hanya bisa dibaca \(SQLITE_READONLY\)/)]);
  });
});
