import pg from 'pg';

// What one HTTP call costs PostgreSQL, counted where it leaves the process: every query the pg
// driver sends (Kysely's statements, BEGIN/COMMIT/ROLLBACK, the live bus's pg_notify, a
// multi-statement text, a named prepared statement) passes pg.Client.prototype.query, which is
// observed here. A query belongs to the call during which it is sent: the tests make one call at
// a time and wait until nothing more is sent (app.inject does not carry an AsyncLocalStorage
// context into the request, so the call's own async context cannot tell). Background work is
// left out: the live bus's LISTEN runs on a connection of its own (a pg.Client made outside a
// pool), which is never counted, and the maintenance timer runs hourly. Each query is labelled
// with the source file that made its connection's pool (db/dialect.ts for the app's pool,
// plugins/live-bus.ts for the bus), so the bus's NOTIFY is counted apart from the app's
// statements. Nothing in src is changed: pg.Pool and pg.Client are replaced on the shared `pg`
// module object by subclasses that only remember where they were made.

/** Where the live bus makes its connections: its NOTIFY is counted apart from the app's statements. */
export const LIVE_BUS_SOURCE = 'plugins/live-bus.ts';

/** One query the driver sent (one round trip). */
export interface SentQuery {
  /** The src file that made the connection's pool or client ('?' when made elsewhere, e.g. by a test). */
  source: string;
  /** Which connection sent it (1, 2, … in order of first use). */
  connection: number;
  /** The SQL text as sent; `name` when it was a named prepared statement. */
  text: string;
  name?: string;
  /** The statements in the text, split at top-level semicolons. */
  statements: string[];
  /** Transactions this round trip ended by committing: each COMMIT, and each run outside BEGIN…COMMIT. */
  commits: number;
  rollbacks: number;
  failed: boolean;
}

/** What one call sent, the app's connections apart from the live bus's. */
export interface CallCount {
  /** Round trips on the app's connections (one pg query each). */
  trips: number;
  statements: number;
  /** Transactions committed on the app's connections (PostgreSQL commits an autocommit statement too). */
  commits: number;
  rollbacks: number;
  /** Round trips of the live bus (its NOTIFY), never part of `trips`. */
  bus: number;
  /** The app's queries, in the order they were sent. */
  sent: SentQuery[];
  /** The live bus's queries. */
  busSent: SentQuery[];
}

interface Measure {
  sent: SentQuery[];
  pending: number;
}

/** The call being measured; one at a time. */
let active: Measure | undefined;
/** Connections made outside a pool (the bus's LISTEN): background, never counted. */
const standalone = new WeakSet<object>();
const sourceOf = new WeakMap<object, string>();
const connectionIds = new WeakMap<object, number>();
const inTransaction = new WeakMap<object, boolean>();
let nextConnection = 1;
let installed = false;

/** The src file (relative to apps/server/src) of the innermost src frame of the current stack. */
function callerSource(): string {
  const stack = new Error().stack ?? '';
  const match = /apps\/server\/src\/([^:?)\s]+)/.exec(stack);
  return match?.[1] ?? '?';
}

/** Splits SQL at semicolons outside quotes, dollar quotes and comments; blank statements are dropped. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    const rest = sql.slice(i);
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      i = end < 0 ? sql.length : end + 1;
    } else if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === '$' && /^\$[A-Za-z_]*\$/.test(rest)) {
      const tag = (/^\$[A-Za-z_]*\$/.exec(rest) as RegExpExecArray)[0];
      const end = sql.indexOf(tag, i + tag.length);
      i = end < 0 ? sql.length : end + tag.length;
    } else if (c === ';') {
      out.push(sql.slice(start, i));
      start = ++i;
    } else i++;
  }
  out.push(sql.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

type Kind = 'begin' | 'commit' | 'rollback' | 'other';

function kindOf(statement: string): Kind {
  const word = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase();
  if (word === 'begin' || (word === 'start' && /^\s*start\s+transaction/i.test(statement))) return 'begin';
  if (word === 'commit' || word === 'end') return 'commit';
  if (word === 'rollback' || word === 'abort') return 'rollback';
  return 'other';
}

/**
 * The transactions a round trip ends, following the connection's BEGIN…COMMIT state: a run of
 * statements outside an explicit transaction is one implicit transaction, committed at its end.
 */
function transactionsOf(connection: object, statements: string[]): { commits: number; rollbacks: number } {
  let open = inTransaction.get(connection) ?? false;
  let commits = 0;
  let rollbacks = 0;
  let implicit = false;
  for (const statement of statements) {
    const kind = kindOf(statement);
    if (kind === 'other') {
      if (!open) implicit = true;
      continue;
    }
    if (implicit) commits++;
    implicit = false;
    if (kind === 'begin') open = true;
    else if (open) {
      if (kind === 'commit') commits++;
      else rollbacks++;
      open = false;
    }
  }
  if (implicit) commits++;
  inTransaction.set(connection, open);
  return { commits, rollbacks };
}

/** Records a query sent inside a measured call and follows it to its end (success or failure). */
function record(client: pg.Client, args: unknown[], send: () => unknown): unknown {
  const measure = standalone.has(client) ? undefined : active;
  const first = args[0] as string | { text?: string; name?: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  const name = typeof first === 'object' && first?.name ? first.name : undefined;
  if (!connectionIds.has(client)) connectionIds.set(client, nextConnection++);
  const statements = splitStatements(text);
  const ended = transactionsOf(client, statements);
  if (!measure) return send();
  const sent: SentQuery = {
    source: sourceOf.get(client) ?? '?',
    connection: connectionIds.get(client) as number,
    text,
    ...(name ? { name } : {}),
    statements,
    ...ended,
    failed: false,
  };
  measure.sent.push(sent);
  measure.pending++;
  const done = (error: unknown, result?: unknown) => {
    measure.pending--;
    const results = (Array.isArray(result) ? result : [result]) as { command?: string }[];
    if (error) {
      sent.failed = true;
      sent.rollbacks += sent.commits;
      sent.commits = 0;
      inTransaction.set(client, false);
    } else if (results.some((r) => r?.command === 'ROLLBACK') && sent.commits > 0) {
      // COMMIT of an aborted transaction: PostgreSQL rolled it back.
      sent.commits--;
      sent.rollbacks++;
    }
  };
  const callback = args.findIndex((a) => typeof a === 'function');
  if (callback >= 0) {
    const original = args[callback] as (error: unknown, result?: unknown) => void;
    args[callback] = (error: unknown, result?: unknown) => {
      done(error, result);
      original(error, result);
    };
    return send();
  }
  const result = send();
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(
      (r) => done(undefined, r),
      (e) => done(e),
    );
  } else done(undefined);
  return result;
}

/**
 * Observes every query of the pg driver in this process from now on. Call it before the app is
 * built: the pools made afterwards are labelled with the src file that made them.
 */
export function observePostgres(): void {
  if (installed) return;
  installed = true;
  const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = clientProto.query;
  clientProto.query = function observedQuery(this: pg.Client, ...args: unknown[]) {
    return record(this, args, () => query.apply(this, args));
  };
  const BasePool = pg.Pool;
  class LabelledPool extends BasePool {
    constructor(config?: pg.PoolConfig) {
      super(config);
      const source = callerSource();
      this.on('connect', (client) => sourceOf.set(client, source));
    }
  }
  const BaseClient = pg.Client;
  class LabelledClient extends BaseClient {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      sourceOf.set(this, callerSource());
      standalone.add(this);
    }
  }
  Object.defineProperty(pg, 'Pool', { value: LabelledPool, writable: true, configurable: true });
  Object.defineProperty(pg, 'Client', { value: LabelledClient, writable: true, configurable: true });
}

const settle = () => new Promise((r) => setTimeout(r, 40));

/**
 * Runs one call and answers what it sent. Waits after the answer until nothing the call started
 * is still running and nothing new was sent for a moment (the bus announces in onResponse).
 * Nothing else may run meanwhile: every query sent until then is counted as the call's.
 */
export async function measure<T>(call: () => Promise<T>): Promise<{ result: T; count: CallCount }> {
  if (active) throw new Error('measure: one call at a time');
  const m: Measure = { sent: [], pending: 0 };
  active = m;
  try {
    const result = await call();
    for (let seen = -1, rounds = 0; rounds < 100 && (m.pending > 0 || seen !== m.sent.length); rounds++) {
      seen = m.sent.length;
      await settle();
    }
    return { result, count: countOf(m.sent) };
  } finally {
    active = undefined;
  }
}

/** The counts of a list of sent queries, the live bus's apart. */
export function countOf(all: SentQuery[]): CallCount {
  const sent = all.filter((q) => q.source !== LIVE_BUS_SOURCE);
  const busSent = all.filter((q) => q.source === LIVE_BUS_SOURCE);
  const sum = (key: 'commits' | 'rollbacks') => sent.reduce((n, q) => n + q[key], 0);
  return {
    trips: sent.length,
    statements: sent.reduce((n, q) => n + q.statements.length, 0),
    commits: sum('commits'),
    rollbacks: sum('rollbacks'),
    bus: busSent.length,
    sent,
    busSent,
  };
}

/** A table of calls and their numbers, for a failure message. */
export function countTable(rows: [label: string, count: CallCount][]): string {
  const width = Math.max(4, ...rows.map(([label]) => label.length));
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(width) : String(c).padStart(10))).join(' ');
  return [
    line(['call', 'trips', 'statements', 'commits', 'rollbacks', 'bus']),
    ...rows.map(([label, c]) => line([label, c.trips, c.statements, c.commits, c.rollbacks, c.bus])),
  ].join('\n');
}

/** What a call sent, one numbered line per round trip (connection, source, SQL on one line). */
export function sentList(count: CallCount): string {
  const lines = [...count.sent, ...count.busSent].map((q, i) => {
    const sql = q.text.replace(/\s+/g, ' ').trim();
    const marks = [q.name ? `prepared ${q.name}` : '', q.failed ? 'FAILED' : ''].filter(Boolean).join(', ');
    return `  ${i + 1}. [conn ${q.connection} ${q.source}${marks ? `; ${marks}` : ''}] ${sql}`;
  });
  return lines.length ? lines.join('\n') : '  (nothing)';
}
