import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oldBackupsNote } from '../../src/config/backup-dir';
import { ConfigError, loadConfig } from '../../src/config/env';
import { DATABASES } from '../support/app';
import { freshDatabase } from '../support/pg-cluster';
import { runToExit, startServer } from '../support/server-process';

// BACKUP_DIR never overlaps the data (docs/decisions/123): equal to DATA_DIR, another folder inside
// it, a folder around it or around the SQLite file is refused at start, by the server and by the
// `ukt` command alike, with a message saying what to set instead. The default, DATA_DIR/cadangan,
// is the one folder inside DATA_DIR that is allowed. Symlinked folders count where they point.

describe.each(DATABASES)('BACKUP_DIR against DATA_DIR and the database (%s)', (kind) => {
  let root: string;
  let data: string;
  let databaseUrl: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'ukt-backup-dir-'));
    data = join(root, 'data');
    mkdirSync(data);
    databaseUrl =
      kind === 'sqlite' ? `sqlite:${join(data, 'ukt.db')}` : (process.env.TEST_DATABASE_URL as string);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const load = (env: Record<string, string>) =>
    loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: data, ...env });
  /** The refusal's message, or a failed test if the configuration was accepted. */
  const refusal = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`accepted: ${JSON.stringify(env)}`);
  };
  const instead = () =>
    `Atur BACKUP_DIR ke folder di luar DATA_DIR (misalnya di disk lain), atau hapus BACKUP_DIR agar cadangan disimpan di ${join(data, 'cadangan')}.`;

  it('accepts the default folder, the same folder set by hand, and a folder beside DATA_DIR', () => {
    expect(load({}).backup.dir).toBe(join(data, 'cadangan'));
    expect(load({ BACKUP_DIR: join(data, 'cadangan') }).backup.dir).toBe(join(data, 'cadangan'));
    expect(load({ BACKUP_DIR: `${data}/./cadangan/` }).backup.dir).toBe(join(data, 'cadangan'));
    expect(load({ BACKUP_DIR: join(root, 'cadangan') }).backup.dir).toBe(join(root, 'cadangan'));
    // A name that only starts like DATA_DIR is another folder.
    expect(load({ BACKUP_DIR: `${data}-cadangan` }).backup.dir).toBe(`${data}-cadangan`);
  });

  it('refuses BACKUP_DIR equal to DATA_DIR, however it is written', () => {
    for (const dir of [data, `${data}/`, join(data, 'cadangan', '..')]) {
      expect(refusal({ BACKUP_DIR: dir })).toBe(
        `Konfigurasi tidak valid:\n  BACKUP_DIR: BACKUP_DIR ${data} sama dengan DATA_DIR: cadangan akan memuat secret.key dan cadangan sebelumnya. ${instead()}`,
      );
    }
  });

  it('refuses another folder inside DATA_DIR, even under the default one', () => {
    for (const dir of [join(data, 'arsip'), join(data, 'cadangan', 'lama'), join(data, 'audio')]) {
      expect(refusal({ BACKUP_DIR: dir })).toBe(
        `Konfigurasi tidak valid:\n  BACKUP_DIR: BACKUP_DIR ${dir} berada di dalam DATA_DIR ${data}. ${instead()}`,
      );
    }
  });

  it('refuses a folder that holds DATA_DIR', () => {
    expect(refusal({ BACKUP_DIR: root })).toBe(
      `Konfigurasi tidak valid:\n  BACKUP_DIR: BACKUP_DIR ${root} memuat DATA_DIR ${data}: folder cadangan tidak boleh berisi data yang dicadangkan. ${instead()}`,
    );
  });

  it('follows symlinked folders: a link to DATA_DIR, or DATA_DIR reached through a link', () => {
    const link = join(root, 'tautan-data');
    symlinkSync(data, link);
    expect(refusal({ BACKUP_DIR: link })).toContain(`BACKUP_DIR ${link} sama dengan DATA_DIR`);
    // Not made yet, under a link into DATA_DIR.
    expect(refusal({ BACKUP_DIR: join(link, 'arsip') })).toContain('berada di dalam DATA_DIR');
    expect(() => loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: link, BACKUP_DIR: data })).toThrow(
      /sama dengan DATA_DIR/,
    );
    expect(load({ BACKUP_DIR: join(link, 'cadangan') }).backup.dir).toBe(join(link, 'cadangan'));
  });

  it('refuses a folder that holds the SQLite file, wherever DATA_DIR is; PostgreSQL has none', () => {
    const folder = join(root, 'db');
    const file = join(folder, 'ukt.db');
    if (kind === 'postgres') {
      expect(load({ BACKUP_DIR: folder }).backup.dir).toBe(folder);
      return;
    }
    expect(refusal({ BACKUP_DIR: folder, DATABASE_URL: `sqlite:${file}` })).toBe(
      `Konfigurasi tidak valid:\n  BACKUP_DIR: BACKUP_DIR ${folder} memuat berkas database ${file} (DATABASE_URL). Atur BACKUP_DIR ke folder lain, atau simpan database di luar folder cadangan.`,
    );
  });

  it('notes backups left in the default folder when BACKUP_DIR points elsewhere', () => {
    const old = join(data, 'cadangan');
    const elsewhere = join(root, 'cadangan-baru');
    expect(oldBackupsNote(elsewhere, data)).toBeNull();
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 'catatan.txt'), 'bukan cadangan');
    expect(oldBackupsNote(elsewhere, data)).toBeNull();
    writeFileSync(join(old, 'ukt-cadangan-20260101-000000-manual.tar.gz'), 'x');
    writeFileSync(join(old, 'ukt-cadangan-20260102-000000-jadwal.tar.gz.aes'), 'x');
    expect(oldBackupsNote(elsewhere, data)).toBe(
      `2 cadangan lama ada di ${old} (folder cadangan bawaan), di luar BACKUP_DIR ${elsewhere}: halaman Cadangan hanya menampilkan BACKUP_DIR. Pindahkan berkasnya ke BACKUP_DIR bila masih diperlukan.`,
    );
    // In use as BACKUP_DIR, it is in sight.
    expect(oldBackupsNote(old, data)).toBeNull();
  });

  describe('at start', { timeout: 60_000 }, () => {
    const env = () => ({
      DATA_DIR: data,
      DATABASE_URL: databaseUrl,
      BACKUP_DIR: data,
      UKT_SECRET: 'backup-dir-config-secret-0123456789ab',
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: join(root, 'none'),
    });
    const refused = () =>
      `Konfigurasi tidak valid:\n  BACKUP_DIR: BACKUP_DIR ${data} sama dengan DATA_DIR: cadangan akan memuat secret.key dan cadangan sebelumnya. ${instead()}`.split(
        '\n',
      );

    it('the server refuses in one message and exits 1, before touching anything', async () => {
      const before = readdirSync(data);
      const { code, lines } = await runToExit({ env: env() });
      expect(code).toBe(1);
      expect(lines.map((l) => l.trimEnd())).toEqual(refused());
      expect(readdirSync(data)).toEqual(before);
    });

    it('a server with BACKUP_DIR elsewhere says where the older backups are', async () => {
      const database = kind === 'postgres' ? await freshDatabase('ukt_backup_dir') : undefined;
      const server = startServer({
        env: {
          ...env(),
          BACKUP_DIR: join(root, 'cadangan-baru'),
          DATABASE_URL: database?.url ?? databaseUrl,
          LOG_LEVEL: 'info',
        },
      });
      try {
        await server.listening();
        expect(server.output).toContain(
          `2 cadangan lama ada di ${join(data, 'cadangan')} (folder cadangan bawaan)`,
        );
      } finally {
        await server.stop();
        await database?.drop();
      }
    });

    it('the ukt command refuses the same, and writes no backup', async () => {
      const files = () => readdirSync(root, { recursive: true }).map(String).sort();
      const before = files();
      const { code, lines } = await runToExit({ entry: 'src/cli/main.ts', args: ['backup'], env: env() });
      expect(code).toBe(1);
      expect(lines.map((l) => l.trimEnd())).toEqual(refused());
      expect(files()).toEqual(before);
      expect(existsSync(join(data, 'secret.key'))).toBe(false);
    });
  });
});
