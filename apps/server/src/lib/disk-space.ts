import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';

// A full disk is the likeliest way a venue laptop stops saving scores: the log names the disk and
// /health says so before it happens (DESIGN §14, docs/decisions/100).

/** Free and total bytes of the file system a path lives on, or null when it cannot be read. */
export interface DiskSpace {
  path: string;
  free: number;
  total: number;
}

/** The space of the file system holding `path` (the folder of a file that may not exist yet). */
export function diskSpace(path: string): DiskSpace | null {
  for (const at of [path, dirname(path)]) {
    try {
      const s = statfsSync(at);
      return { path, free: Number(s.bavail) * Number(s.bsize), total: Number(s.blocks) * Number(s.bsize) };
    } catch {
      // not there: try its folder
    }
  }
  return null;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One line for the log naming each disk, its free and total space. */
export function describeDisks(spaces: (DiskSpace | null)[]): string {
  return spaces
    .filter((s): s is DiskSpace => s !== null)
    .map((s) => `${s.path}: sisa ${mb(s.free)} dari ${mb(s.total)}`)
    .join('; ');
}

/** True for an error that means the disk is full (SQLite, the file system or PostgreSQL). */
export function isDiskFull(error: unknown, depth = 0): boolean {
  if (depth > 5 || !(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
  if (typeof code === 'string' && code.startsWith('SQLITE_FULL')) return true;
  return isDiskFull(error.cause, depth + 1);
}
