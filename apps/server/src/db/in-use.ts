import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Who is using a database, so that a restore never pulls one from under a running server
// (docs/decisions/124). SQLite: each process that opens the file through the app's dialect keeps
// `<file>-pid` beside it, holding its pid, until its last connection to the file closes; a pid
// whose process is gone is stale and ignored. PostgreSQL: the app's connections name themselves
// (application_name, with their schema), which pg_stat_activity shows to any other connection.

/** The application_name of the app's PostgreSQL connections, before the schema. */
export const APP_CONNECTION_NAME = 'ukt-penguji';
/** The application_name of a restore's own connections: not a user of the target. */
export const RESTORE_CONNECTION_NAME = 'ukt-penguji-pemulihan';
/** PostgreSQL keeps the first 63 bytes of an application_name. */
const NAME_BYTES = 63;

/** The first schema of a `-c search_path=…` in a PostgreSQL URL's options, if any. */
function searchPathOf(url: string): string | undefined {
  try {
    const options = new URL(url).searchParams.get('options') ?? '';
    return /search_path\s*=\s*"?([^\s,"]+)/.exec(options)?.[1];
  } catch {
    return undefined;
  }
}

const clipped = (name: string) => Buffer.from(name).subarray(0, NAME_BYTES).toString();

/** The application_name the app's connections to this PostgreSQL database and schema carry. */
export function appConnectionName(url: string, pgSchema?: string): string {
  const schema = pgSchema ?? searchPathOf(url);
  return schema ? clipped(`${APP_CONNECTION_NAME} ${schema}`) : APP_CONNECTION_NAME;
}

/**
 * The names a server on this target may carry: its own schema's, and on the default schema
 * (`public`) also the name of a server that set none.
 */
export function appConnectionNames(
  url: string,
  pgSchema: string | undefined,
  currentSchema: string,
): string[] {
  const names = new Set([
    appConnectionName(url, pgSchema),
    clipped(`${APP_CONNECTION_NAME} ${currentSchema}`),
  ]);
  if (currentSchema === 'public') names.add(APP_CONNECTION_NAME);
  return [...names];
}

/** The marker beside a SQLite file that names the process using it. */
export const pidFileOf = (file: string) => `${file}-pid`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Another user's process is alive too: only the system may signal it.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** The pid in a marker when its process is alive, else undefined (no marker, unreadable, stale). */
function livePid(marker: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(marker, 'utf8'), 10);
  } catch {
    return undefined;
  }
  return Number.isSafeInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/** The process using a SQLite file through the app (this one included), or undefined for none. */
export function sqliteUser(file: string): number | undefined {
  return livePid(pidFileOf(resolve(file)));
}

/** Files this process holds: how many open dialects, and whether the marker is this process's. */
const held = new Map<string, { count: number; mine: boolean }>();

/** Writes this process's marker unless another live process holds the file; true when written. */
function claim(file: string): boolean {
  const marker = pidFileOf(file);
  const other = livePid(marker);
  if (other !== undefined && other !== process.pid) return false;
  try {
    writeFileSync(marker, `${process.pid}\n`, { mode: 0o600 });
    return true;
  } catch {
    // A marker that cannot be written (a read-only folder) only weakens the restore's check.
    return false;
  }
}

/** Marks a SQLite file as used by this process until the answered function is called. */
export function holdSqliteFile(file: string): () => void {
  const key = resolve(file);
  let entry = held.get(key);
  if (!entry) {
    entry = { count: 0, mine: claim(key) };
    held.set(key, entry);
  }
  const holding = entry;
  holding.count++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holding.count--;
    if (holding.count > 0) return;
    held.delete(key);
    if (holding.mine && livePid(pidFileOf(key)) === process.pid) rmSync(pidFileOf(key), { force: true });
  };
}
