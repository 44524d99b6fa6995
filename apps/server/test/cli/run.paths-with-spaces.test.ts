import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, freshSchema, schemaUrl, startApp, type TestApp } from '../support/app';
import { SERVER_DIR } from '../support/paths';
import { type Finished, runToExit } from '../support/server-process';

// A committee's own laptop keeps its files under "C:\Users\Budi Santoso\Dokumen Ujian": backups,
// a restore, BACKUP_DIR and exports go through folders with spaces and letters beyond ASCII, through
// the real `ukt` entry (arguments as a shell passes them, one argument each). With DATABASE_URL
// unset, the SQLite database is DATA_DIR/ukt.db, and a restore puts it there (docs/decisions/157).

const CLI = ['src/cli/main.ts'] as const;

describe.each(DATABASES)('paths with spaces and non-ASCII letters on %s', { timeout: 180_000 }, (kind) => {
  let root: string;
  let budi: string;
  let dokumen: string;
  let dataDir: string;
  let backupDir: string;
  let source: TestApp;
  let sourceUrl: string | undefined;
  const drops: (() => Promise<void>)[] = [];

  const ukt = (env: Record<string, string>, ...args: string[]): Promise<Finished> =>
    runToExit({
      env: { LOG_LEVEL: 'silent', TSX_DISABLE_CACHE: '1', UKT_DEMO: '0', ...env },
      args: [...CLI.slice(1), ...args],
      entry: CLI[0],
    });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ukt-laptop-'));
    budi = join(root, 'Users', 'Budi Santoso');
    dokumen = join(budi, 'Dokumen Ujian');
    dataDir = join(budi, 'Data UKT – Perguruan Sétia');
    backupDir = join(budi, 'Flashdisk Ñ', 'cadangan ukt');
    mkdirSync(dokumen, { recursive: true });
    // The demo data, written by the app into a DATA_DIR with such a name.
    source = await startApp(kind, {
      DATA_DIR: dataDir,
      UKT_DEMO: '1',
      // The app keeps its own secret.key in DATA_DIR, as on a laptop.
      UKT_SECRET: undefined as unknown as string,
      ...(kind === 'sqlite' ? { DATABASE_URL: `sqlite:${join(dataDir, 'ukt.db')}` } : {}),
    });
    sourceUrl = source.pgSchema
      ? schemaUrl(process.env.TEST_DATABASE_URL as string, source.pgSchema)
      : undefined;
    await source.app.close();
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
    await source.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The settings of the laptop: DATABASE_URL only for PostgreSQL (SQLite: DATA_DIR/ukt.db). */
  const laptop = (extra: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}),
    ...extra,
  });

  it('the SQLite database is DATA_DIR/ukt.db when DATABASE_URL is unset', () => {
    if (kind === 'sqlite') expect(existsSync(join(dataDir, 'ukt.db'))).toBe(true);
    expect(existsSync(join(SERVER_DIR, 'data', 'ukt.db'))).toBe(false);
  });

  it('backs up into BACKUP_DIR with spaces and non-ASCII letters', async () => {
    const run = await ukt(laptop(), 'backup');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [name, ...rest] = readdirSync(backupDir);
    expect(rest).toEqual([]);
    expect(run.lines[0]).toMatch(
      new RegExp(
        `^Cadangan ditulis ke ${literal(join(backupDir, name as string))} \\(\\d+(,\\d)? [KM]B\\)\\.$`,
      ),
    );
  });

  it('backs up to --out in "Dokumen Ujian", exports a recap there, and restores from there into an empty DATA_DIR with such a name', async () => {
    const archive = join(dokumen, 'cadangan.ukt');
    const made = await ukt(laptop(), 'backup', '--out', archive);
    expect(made.stderr).toBe('');
    expect(made.lines[0]).toMatch(new RegExp(`^Cadangan ditulis ke ${literal(archive)} \\(`));
    expect(existsSync(archive)).toBe(true);

    const rekap = join(dokumen, 'rekap ujian é.xlsx');
    const exported = await ukt(laptop(), 'export', 'results', '--event', '1', '--out', rekap);
    expect(exported.stderr).toBe('');
    expect(exported.lines).toEqual([
      expect.stringMatching(new RegExp(`^\\d+ peserta ditulis ke ${literal(rekap)}$`)),
    ]);
    expect(readFileSync(rekap).subarray(0, 2).toString()).toBe('PK');

    const pulih = join(budi, 'Pemulihan Ujian ü');
    let target: Record<string, string> = { DATA_DIR: pulih, BACKUP_DIR: join(budi, 'Cadangan Baru ü') };
    if (kind === 'postgres') {
      const fresh = await freshSchema(process.env.TEST_DATABASE_URL as string);
      drops.push(fresh.drop);
      target = { ...target, DATABASE_URL: schemaUrl(process.env.TEST_DATABASE_URL as string, fresh.schema) };
    }
    const restored = await ukt(target, 'restore', archive);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.output).toContain(`folder data ${pulih}.`);
    if (kind === 'sqlite') expect(existsSync(join(pulih, 'ukt.db'))).toBe(true);
    expect(existsSync(join(pulih, 'secret.key'))).toBe(true);

    // The restored database is where the app reads it: the same recap comes out of it.
    const again = join(dokumen, 'rekap pulih.xlsx');
    const fromRestored = await ukt(target, 'export', 'results', '--event', '1', '--out', again);
    expect(fromRestored.stderr).toBe('');
    expect(fromRestored.lines[0]?.split(' ')[0]).toBe(exported.lines[0]?.split(' ')[0]);
  });

  it('an export into a folder that does not exist is refused in one Indonesian line, writing nothing', async () => {
    const missing = join(budi, 'Folder Tidak Ada', 'rekap.xlsx');
    const run = await ukt(laptop(), 'export', 'results', '--event', '1', '--out', missing);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Folder ${join(budi, 'Folder Tidak Ada')} tidak ada: buat dulu foldernya atau pilih folder lain untuk --out.`,
    );
    expect(existsSync(join(budi, 'Folder Tidak Ada'))).toBe(false);
  });
});

/** `text` as a literal inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
