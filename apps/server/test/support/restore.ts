import { createCipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Kysely, PostgresAdapter, sql } from 'kysely';
import tar from 'tar-stream';
import { buildApp } from '../../src/app';
import { createDialect } from '../../src/db/dialect';
import { MIGRATION_NAMES } from '../../src/db/migrate';
import type { Database } from '../../src/db/types';
import { appVersion } from '../../src/lib/app-version';
import { BACKUP_FORMAT, type BackupManifest } from '../../src/modules/backup/backup.service';
import type { RestoreTarget } from '../../src/modules/backup/restore.service';
import { freshSchema, testConfig } from './app';

// Restore targets and archives for the restore tests: a target of either kind, empty or with an
// installation's data in it; its state as a client sees it (rows, objects, files and their modes)
// to compare before and after; and archives crafted entry by entry, hostile ones included.

/** A restore target in a folder of its own, and how to remove it. */
export interface TestTarget {
  target: RestoreTarget;
  /** The folder the target's data folder (and SQLite file) live in. */
  dir: string;
  remove(): Promise<void>;
}

/**
 * A target of the given kind: empty, or (`filled`) with what a server left there (the demo's rows,
 * its secret.key) and a note of the committee's in the data folder.
 */
export async function testTarget(kind: 'sqlite' | 'postgres', filled: boolean): Promise<TestTarget> {
  const dir = mkdtempSync(join(tmpdir(), 'ukt-tujuan-'));
  const dataDir = join(dir, 'data');
  const schema = kind === 'postgres' ? await freshSchema(process.env.TEST_DATABASE_URL as string) : undefined;
  const databaseUrl =
    kind === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : `sqlite:${join(dataDir, 'ukt.db')}`;
  const target = { databaseUrl, dataDir, pgSchema: schema?.schema };
  if (filled) {
    const app = await buildApp(
      testConfig(dataDir, databaseUrl, { UKT_SECRET: undefined as unknown as string }),
      {
        pgSchema: schema?.schema,
      },
    );
    await app.db.updateTable('organisasi').set({ nama_organisasi: 'Perguruan Tujuan' }).execute();
    await app.close();
    mkdirSync(join(dataDir, 'catatan'), { recursive: true });
    writeFileSync(join(dataDir, 'catatan', 'panitia.txt'), 'milik tujuan', { mode: 0o640 });
  }
  return {
    target,
    dir,
    async remove() {
      await schema?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every entry under a folder: a file's sha256 and mode, a link's target, a folder's mode. */
export function filesOf(dir: string, skip: (path: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (skip(path)) continue;
      const info = lstatSync(path);
      const rel = relative(dir, path);
      const mode = (info.mode & 0o777).toString(8);
      if (info.isSymbolicLink()) out[rel] = `tautan → ${readlinkSync(path)}`;
      else if (info.isDirectory()) {
        out[`${rel}/`] = mode;
        walk(path);
      } else out[rel] = `${sha(readFileSync(path))} ${mode}`;
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/**
 * What a target holds as a client sees it: every table's rows, PostgreSQL's functions, and the
 * data folder's files (the target's own SQLite files only by their rows: opening one may
 * checkpoint it). A SQLite file that does not exist is reported so, never created.
 */
export async function targetState(target: RestoreTarget): Promise<unknown> {
  const sqliteFile = target.databaseUrl.startsWith('sqlite:') ? target.databaseUrl.slice(7) : undefined;
  const files = filesOf(target.dataDir, (path) => sqliteFile !== undefined && path.startsWith(sqliteFile));
  if (sqliteFile && !existsSync(sqliteFile)) return { database: 'tidak ada', files };
  const db = new Kysely<Database>({
    dialect: createDialect(target.databaseUrl, { pgSchema: target.pgSchema, restoring: true }),
  });
  try {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const { rows: tables } = postgres
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() order by 1`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by 1`.execute(
          db,
        );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows: all } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
      rows[name] = all.map((r) => JSON.stringify(r)).sort();
    }
    const functions = postgres
      ? (
          await sql<{ name: string }>`select oid::regprocedure::text as name from pg_proc
            where pronamespace = current_schema()::regnamespace order by 1`.execute(db)
        ).rows.map((r) => r.name)
      : [];
    return { rows, functions, files };
  } finally {
    await db.destroy();
  }
}

/** One entry of a crafted archive. */
export type CraftedEntry =
  | { name: string; text: string }
  | { name: string; type: 'symlink' | 'link'; linkname: string }
  | { name: string; type: 'character-device' | 'block-device'; devmajor: number; devminor: number }
  | { name: string; type: 'fifo' | 'directory' };

/** A manifest for crafted entries: this version, its newest level, no rows, each file's checksum. */
export function manifestOf(files: { name: string; text: string }[], extra: Partial<BackupManifest> = {}) {
  return {
    format: BACKUP_FORMAT,
    app_version: appVersion(),
    migration: MIGRATION_NAMES.at(-1) as string,
    created_at: new Date().toISOString(),
    dialect: 'sqlite',
    reason: 'manual',
    encrypted: false,
    counts: {},
    files: files.filter((f) => f.name.startsWith('data/')).length,
    checksums: Object.fromEntries(files.map((f) => [f.name, sha(Buffer.from(f.text))])),
    ...extra,
  } satisfies BackupManifest;
}

/** A .tar.gz holding the entries in the given order, exactly as named. */
export async function craftArchive(entries: CraftedEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk) => void chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  for (const entry of entries) {
    if ('text' in entry) pack.entry({ name: entry.name, mode: 0o644 }, entry.text);
    else pack.entry({ mode: 0o644, ...entry });
  }
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

/** Seals a .tar.gz as a backup with a passphrase is sealed (docs/decisions/096). */
export function seal(gz: Buffer, passphrase: string): Buffer {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = scryptSync(passphrase, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([
    Buffer.from('UKT-CADANGAN-AES1\n'),
    salt,
    iv,
    cipher.update(gz),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
}

/**
 * Runs `work` with the system's temp folder at a folder of its own, and answers what `work`
 * answered (or threw) with what that folder held afterwards.
 */
export async function withTempFolder<T>(
  work: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; left: string[] }> {
  const folder = mkdtempSync(join(tmpdir(), 'ukt-sementara-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  try {
    const [result] = await Promise.allSettled([work()]);
    return { result: result as PromiseSettledResult<T>, left: readdirSync(folder) };
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(folder, { recursive: true, force: true });
  }
}
