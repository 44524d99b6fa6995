import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@ukt/core';
import pg from 'pg';

// Every take and score write reaches every committee dashboard (DESIGN §10): in-process on
// SQLite (one process), and through PostgreSQL's LISTEN/NOTIFY between processes on one database
// (docs/decisions/039).

/**
 * What a dashboard hears: an event, or that the bus lost or regained its link. Regained, it is the
 * signal to read again: writes made while the link was down were announced to nobody here
 * (docs/decisions/160).
 */
export type LiveMessage = { kind: 'event'; event: LiveEvent } | { kind: 'status'; live: boolean };

/** Publishes events and delivers them to subscribers of one event (id_ukt). */
export interface LiveBus {
  publish(event: LiveEvent): void;
  subscribe(idUkt: string, listener: (message: LiveMessage) => void): () => void;
  /** Delivers every event, of any id_ukt, and every status change (docs/decisions/117). */
  subscribeAll(listener: (message: LiveMessage) => void): () => void;
  /** False while the link to other processes is down (PostgreSQL restarting). */
  readonly live: boolean;
  close(): Promise<void>;
}

interface Log {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** The local fan-out both buses share: listeners per id_ukt, and status to everyone. */
class Fanout {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  deliver(event: LiveEvent): void {
    const message = { kind: 'event', event } satisfies LiveMessage;
    this.emitter.emit(`ukt:${event.id_ukt}`, message);
    this.emitter.emit('all', message);
  }
  status(live: boolean): void {
    this.emitter.emit('status', { kind: 'status', live } satisfies LiveMessage);
  }
  subscribe(idUkt: string, listener: (message: LiveMessage) => void): () => void {
    this.emitter.on(`ukt:${idUkt}`, listener);
    this.emitter.on('status', listener);
    return () => {
      this.emitter.off(`ukt:${idUkt}`, listener);
      this.emitter.off('status', listener);
    };
  }
  subscribeAll(listener: (message: LiveMessage) => void): () => void {
    this.emitter.on('all', listener);
    this.emitter.on('status', listener);
    return () => {
      this.emitter.off('all', listener);
      this.emitter.off('status', listener);
    };
  }
}

/** The bus of one process (SQLite). */
export function createMemoryBus(): LiveBus {
  const fanout = new Fanout();
  return {
    publish: (event) => fanout.deliver(event),
    subscribe: (idUkt, listener) => fanout.subscribe(idUkt, listener),
    subscribeAll: (listener) => fanout.subscribeAll(listener),
    live: true,
    close: async () => undefined,
  };
}

const RETRY_MIN_MS = 500;
/** How long announcements that could not be sent wait before the next try, and how many are kept. */
const NOTIFY_RETRY_MS = 1_000;
const MAX_UNSENT = 1_000;
/** The longest wait between two tries of the listener: a dashboard is stale at most this long after the database is back. */
const RETRY_MAX_MS = 5_000;

/**
 * The bus over PostgreSQL: one dedicated connection LISTENs on the channel; publishing NOTIFYs
 * through a small pool of its own. The listener reconnects by itself with backoff, and says so.
 * Both carry the app's application_name: the listener, always open, is how a restore sees an idle
 * server on its database (db/in-use.ts).
 */
export function createPostgresBus(url: string, channel: string, log: Log, applicationName?: string): LiveBus {
  const fanout = new Fanout();
  const named = { connectionString: url, connectionTimeoutMillis: 5_000, application_name: applicationName };
  const notifier = new pg.Pool({ ...named, max: 2 });
  notifier.on('error', () => undefined);
  let listener: pg.Client | null = null;
  let live = false;
  let closed = false;
  let delay = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  let pending: string[] = [];
  let flushAt: NodeJS.Timeout | NodeJS.Immediate | undefined;
  let failing = false;
  /** Sends what is pending in the next turn, or after `ms`; a send already planned stands. */
  const scheduleFlush = (ms?: number) => {
    if (flushAt || closed) return;
    const run = () => {
      flushAt = undefined;
      flush();
    };
    flushAt = ms === undefined ? setImmediate(run) : setTimeout(run, ms).unref();
  };
  const flush = () => {
    const payloads = pending;
    pending = [];
    // Named: each notifier connection parses and plans it once (docs/decisions/119).
    notifier
      .query({
        name: 'ukt_notify',
        text: 'SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS p(payload, n) ORDER BY n',
        values: [channel, payloads],
      })
      .then(() => {
        if (failing) log.info('Kabar langsung ke panitia terkirim lagi.');
        failing = false;
      })
      .catch((error: Error) => {
        // The writes are committed: their announcements go late rather than never, or the other
        // processes' dashboards, whose links are fine, would never read them (docs/decisions/160).
        if (!failing)
          log.warn({ reason: error.message }, 'Kabar langsung ke panitia tidak terkirim; dicoba lagi.');
        failing = true;
        pending = [...payloads, ...pending].slice(-MAX_UNSENT);
        scheduleFlush(NOTIFY_RETRY_MS);
      });
  };

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    fanout.status(value);
  };

  const scheduleConnect = () => {
    if (closed) return;
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(RETRY_MAX_MS, delay * 2);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client(named);
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) listener = null;
      setLive(false);
      client.end().catch(() => undefined);
      if (!closed) {
        log.warn({ reason: error?.message }, 'Siaran langsung ke panitia terputus; menyambung lagi…');
        scheduleConnect();
      }
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      try {
        fanout.deliver(JSON.parse(n.payload) as LiveEvent);
      } catch {
        // A payload that is not ours is ignored.
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (closed) {
        await client.end();
        return;
      }
      listener = client;
      delay = RETRY_MIN_MS;
      // Only now, listening: every stream reads again, and nothing written after that is missed.
      setLive(true);
    } catch (error) {
      drop(error as Error);
    }
  }

  void connect();

  return {
    publish(event) {
      // Delivered back to this process by the listener too, like to every other process. The
      // events of one turn of the event loop go out in one statement (docs/decisions/118).
      pending.push(JSON.stringify(event));
      scheduleFlush();
    },
    subscribe: (idUkt, fn) => fanout.subscribe(idUkt, fn),
    subscribeAll: (fn) => fanout.subscribeAll(fn),
    get live() {
      return live;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      if (flushAt) {
        clearTimeout(flushAt as NodeJS.Timeout);
        clearImmediate(flushAt as NodeJS.Immediate);
      }
      await listener?.end().catch(() => undefined);
      await notifier.end().catch(() => undefined);
    },
  };
}
