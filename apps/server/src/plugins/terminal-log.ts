// The server's log for whoever reads it (docs/decisions/163): a person at a terminal gets short
// Indonesian lines; a machine (the journal under systemd, the venue launcher's pipe, a file) gets
// pino's JSON lines unchanged. Which one is decided by what stdout is, never by a setting.

/** Where a log line is written: a terminal, a pipe or a file. */
export interface LogOutput {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/** pino's levels in the words the console uses. */
const LEVELS: Record<number, string> = {
  10: 'jejak',
  20: 'debug',
  30: 'info',
  40: 'peringatan',
  50: 'galat',
  60: 'fatal',
};
const LEVEL_WIDTH = 10;

/** Fields every line carries or that a line below already shows; the rest are shown as key=value. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'err',
  'req',
  'res',
  'responseTime',
]);

/** Requests whose start has been seen but not their end, by request id (bounded). */
const OPEN_REQUESTS = 1_000;

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string; stack?: string };
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [key: string]: unknown;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

function extras(entry: Entry): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN.has(key) || value === null || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * Turns one pino JSON line into what a person reads: `12:03:04 info       pesan`; a request as one
 * line, `12:03:04 GET /uktNEW/api/health 200 3 ms`, its start (remembered in `requests`) showing
 * nothing. A line that is not JSON is passed on as it is.
 */
export function plainLogLine(line: string, requests = new Map<string, string>()): string | null {
  let entry: Entry;
  try {
    entry = JSON.parse(line) as Entry;
  } catch {
    return line.replace(/\n$/, '');
  }
  if (typeof entry !== 'object' || entry === null) return line.replace(/\n$/, '');
  const time = clock(entry.time);
  const id = String(entry.reqId ?? '');
  if (entry.req?.method && !entry.res) {
    if (requests.size >= OPEN_REQUESTS) requests.delete(requests.keys().next().value as string);
    requests.set(id, `${entry.req.method} ${entry.req.url ?? ''}`);
    return null;
  }
  if (entry.res && typeof entry.responseTime === 'number') {
    const what = requests.get(id) ?? 'permintaan';
    requests.delete(id);
    return `${time} ${what} ${entry.res.statusCode ?? '?'} ${Math.round(entry.responseTime)} ms`;
  }
  const level = (LEVELS[entry.level ?? 30] ?? String(entry.level)).padEnd(LEVEL_WIDTH);
  let text = `${time} ${level} ${entry.msg ?? entry.err?.message ?? ''}${extras(entry)}`;
  if (entry.err?.stack) text += `\n${entry.err.stack.replace(/^/gm, '    ')}`;
  return text;
}

/** A pino destination that writes plain lines to a terminal. */
export function terminalStream(out: LogOutput): { write(line: string): void } {
  const requests = new Map<string, string>();
  return {
    write(line) {
      const text = plainLogLine(line, requests);
      if (text !== null) out.write(`${text}\n`);
    },
  };
}

/** Fastify's logger options: plain lines when stdout is a terminal, pino's JSON otherwise. */
export function loggerOptions(level: string, out: LogOutput = process.stdout) {
  return out.isTTY ? { level, stream: terminalStream(out) } : { level };
}
