import { constants } from 'node:fs';
import { type FileHandle, lstat, open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { isSealed, readManifestEntry } from './archive';
import { type BackupEntry, type BackupManifest, isBackupName, listBackups } from './backup.service';

// The console hands out a file of BACKUP_DIR only when this app wrote it as a backup: a regular
// file (never a link, a folder, a fifo), named as an archive, whose first bytes say so. A link put
// in the folder must not serve secret.key or /etc/passwd, and a stray file is nobody's download
// (docs/decisions/099).

/** What an unsealed archive's manifest holds when this app wrote it (backup.service's BackupManifest). */
const OurManifest = z.object({
  format: z.number().int().positive(),
  app_version: z.string(),
  migration: z.string(),
  created_at: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  reason: z.enum(['manual', 'jadwal', 'migrasi']),
  encrypted: z.literal(false),
  counts: z.record(z.string(), z.number()),
  files: z.number().int().nonnegative(),
  checksums: z.record(z.string(), z.string()),
}) satisfies z.ZodType<BackupManifest>;

/** A sealed archive (`.tar.gz.aes`) or a plain one (`.tar.gz`): the name says which it must be. */
const ARCHIVE = /\.tar\.gz(\.aes)?$/;

/**
 * A control character: the API refuses most of them in a URL before any route (a 400), and a line
 * break or a tab in a file name is nobody's backup.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this check's purpose
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * No link is followed at the last step (where the platform has the flag), and a fifo put in the
 * file's place between the look and the open cannot hold the open up.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

const CHUNK_BYTES = 64 * 1024;

/**
 * The bytes of an open file from its start, read by position: a FileHandle's own stream would
 * close the handle when stopped half-way, and the same handle is what the download sends.
 */
async function* bytesOf(handle: FileHandle): AsyncGenerator<Buffer> {
  for (let position = 0; ; ) {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(CHUNK_BYTES), 0, CHUNK_BYTES, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** True when the open file's first bytes are those of the archive its name promises. */
async function readsAsOurs(handle: FileHandle, sealed: boolean): Promise<boolean> {
  if (sealed) return isSealed(handle);
  if (await isSealed(handle)) return false;
  const manifest = await readManifestEntry(Readable.from(bytesOf(handle))).catch(() => null);
  return OurManifest.safeParse(manifest).success;
}

/**
 * Opens BACKUP_DIR/name for download when it is a backup this app wrote, else null (whatever the
 * reason: absent, a link, a folder, another file). The caller owns the handle; `bytes` is its size.
 */
export async function openBackup(
  dir: string,
  name: string,
): Promise<{ handle: FileHandle; bytes: number } | null> {
  const kind = ARCHIVE.exec(name);
  if (!isBackupName(name) || !kind || CONTROL.test(name)) return null;
  const path = join(dir, name);
  const seen = await lstat(path).catch(() => null);
  if (!seen?.isFile()) return null;
  const handle = await open(path, OPEN_FLAGS).catch(() => null);
  if (!handle) return null;
  try {
    // The file opened is the one looked at: still a regular file, the same inode on the same disk.
    const opened = await handle.stat();
    const same = opened.isFile() && opened.ino === seen.ino && opened.dev === seen.dev;
    if (same && (await readsAsOurs(handle, Boolean(kind[1])))) return { handle, bytes: opened.size };
  } catch {
    // Unreadable is refused like anything else.
  }
  await handle.close();
  return null;
}

/** True when the console may download BACKUP_DIR/name (openBackup would hand it out). */
export async function isDownloadable(dir: string, name: string): Promise<boolean> {
  const opened = await openBackup(dir, name);
  await opened?.handle.close();
  return opened !== null;
}

/**
 * The backups of the folder that the console lists, newest first: only those it will hand out.
 * Anything else in the folder stays there untouched and unlisted.
 */
export async function listDownloadable(dir: string): Promise<BackupEntry[]> {
  const out: BackupEntry[] = [];
  for (const entry of await listBackups(dir)) {
    if (await isDownloadable(dir, entry.name)) out.push(entry);
  }
  return out;
}
