// What "the database is away" looks like, for both drivers (DESIGN §4, docs/decisions/019): such a
// failure says nothing about the request, so the client is told to keep its data and come back.

/** Node's socket errors when PostgreSQL cannot be reached or drops the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is down, restarting, overloaded or (after a fail-over) read-only:
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 58030 I/O error,
 * 25006 read-only transaction (a standby). Classes 08 (connection) and 53 (out of resources:
 * too many connections, disk full) are matched whole.
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '58030', '25006']);
const PG_CLASSES = ['08', '53'];

/** node-postgres' own errors, which carry no code. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Query read timeout',
];

/** The file system is full or over quota (an upload, a backup, SQLite's own files). */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * SQLite: another process holds the write lock past busy_timeout (BUSY), the disk fails (IOERR),
 * is full (FULL) or the file became unreachable or read-only (CANTOPEN, READONLY, PROTOCOL).
 * Extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE …) share their base code's prefix.
 */
const SQLITE_PREFIXES = [
  'SQLITE_BUSY',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_PROTOCOL',
];

function matches(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || PG_CODES.has(code) || DISK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && PG_CLASSES.includes(code.slice(0, 2))) return true;
    if (SQLITE_PREFIXES.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))) return true;
  }
  return PG_MESSAGES.some((text) => error.message.includes(text));
}

/**
 * True when an error means the database is unreachable or cannot take work right now, rather
 * than that the request was wrong: the one test behind every 503 (plugins/errors.ts). Follows
 * `cause` chains and the attempts of an AggregateError (a host name with several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !(error instanceof Error)) return false;
  if (matches(error)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
