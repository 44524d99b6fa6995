import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { API, apiResult, CadanganList } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '../../src/config/settings-file';
import { ADMIN, DATABASES } from '../support/app';
import { freshDatabase } from '../support/pg-cluster';
import { signInOverHttp } from '../support/process-login';
import { freePort, runToExit, type ServerProcess, startServer } from '../support/server-process';

// A setting typed once holds in every window (docs/decisions/130): a server and a `ukt backup`
// started with nothing but UKT_ENV_FILE in their environment (no BACKUP_DIR, no DATA_DIR …) both
// take their folders from the file, relative ones read against the file's folder rather than
// apps/server where they run; the backup lands in the folder the console's Cadangan page lists.

const ListAnswer = apiResult(CadanganList);

describe.each(DATABASES)('ukt.env read by real processes (%s)', { timeout: 180_000 }, (kind) => {
  let root: string;
  let file: string;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let server: ServerProcess;
  let base: string;
  /** Every setting unset, so only the file can set them; and the file named. */
  const env = () => ({
    ...Object.fromEntries([...SETTING_KEYS].map((key) => [key, undefined as unknown as string])),
    UKT_ENV_FILE: file,
  });
  const backupDir = () => join(root, 'usb', 'cadangan');
  const settings = (port: number) =>
    [
      '# Pengaturan venue',
      'HOST=127.0.0.1',
      `PORT=${port}`,
      'DATA_DIR=./data',
      `DATABASE_URL=${database?.url ?? 'sqlite:./data/ukt.db'}`,
      'BACKUP_DIR=../usb/cadangan',
      'OTP_DELIVERY=file',
      'OTP_OUTBOX=./data/otp.jsonl',
      'WEB_DIST=./tanpa-web',
      'UKT_SECRET=pengaturan-proses-0123456789abcdef',
      'RATE_LIMIT_PER_MINUTE=100000',
      'LOG_LEVEL=info',
      // The demo's admin signs in below; a new database holds no demo unless asked (decision 154).
      'UKT_DEMO=1',
      '',
    ].join('\n');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ukt-env-file-'));
    mkdirSync(join(root, 'app'));
    file = join(root, 'app', 'ukt.env');
    database = kind === 'postgres' ? await freshDatabase('ukt_settings') : undefined;
    writeFileSync(file, settings(await freePort()));
    server = startServer({ env: env() });
    base = await server.listening();
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('the server takes every setting from the file, its folders beside the file, and says which file', async () => {
    expect(server.output).toContain(`Pengaturan dibaca dari ${file}: HOST, PORT, DATA_DIR, DATABASE_URL`);
    expect(existsSync(join(root, 'app', 'data', 'secret.key'))).toBe(false); // UKT_SECRET came from the file
    if (kind === 'sqlite') expect(existsSync(join(root, 'app', 'data', 'ukt.db'))).toBe(true);
  });

  it('ukt backup with no BACKUP_DIR in its environment writes into the file’s BACKUP_DIR, which the console lists', async () => {
    const made = await runToExit({ entry: 'src/cli/main.ts', args: ['backup'], env: env() });
    expect(made.code, made.output).toBe(0);
    const archives = readdirSync(backupDir());
    expect(archives).toHaveLength(1);
    const archive = archives[0] as string;
    expect(made.lines[0]).toMatch(new RegExp(`^Cadangan ditulis ke ${join(backupDir(), archive)} \\(`));

    const token = await signInOverHttp(base, join(root, 'app', 'data', 'otp.jsonl'), ADMIN);
    const res = await fetch(`${base}/uktNEW/api${API.panitia.cadangan.href()}`, {
      headers: { 'access-token': token },
    });
    expect(res.status).toBe(200);
    const list = ListAnswer.parse(await res.json()).data;
    expect(list.folder).toBe(backupDir());
    expect(list.cadangan.map((c) => c.name)).toEqual([basename(archive)]);
  });

  it('ukt atur shows the file with the secret hidden, and a bad value writes nothing', async () => {
    const before = readFileSync(file, 'utf8');
    const shown = await runToExit({ entry: 'src/cli/main.ts', args: ['atur'], env: env() });
    expect(shown.code, shown.output).toBe(0);
    expect(shown.lines).toContain(`Berkas pengaturan: ${file}`);
    expect(shown.lines).toContain('  UKT_SECRET=(tersembunyi)');
    expect(shown.output).not.toContain('pengaturan-proses-0123456789abcdef');

    const refused = await runToExit({
      entry: 'src/cli/main.ts',
      args: ['atur', 'BACKUP_DIR=./data'],
      env: env(),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Tidak ada yang ditulis: Konfigurasi tidak valid:\n  BACKUP_DIR: BACKUP_DIR ${join(root, 'app', 'data')} sama dengan DATA_DIR`,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);

    const set = await runToExit({ entry: 'src/cli/main.ts', args: ['atur', 'BACKUP_KEEP=12'], env: env() });
    expect(set.code, set.output).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(`${before}BACKUP_KEEP=12\n`);
  });
});
