import type pg from 'pg';

/**
 * Whose statement waits for a PostgreSQL connection: somebody looking at a screen (an examiner's
 * list, a login, the console) or a phone's outbox sending a take or a score in the background
 * (DESIGN §7), which nobody watches.
 */
export type Turn = 'screen' | 'outbox';

/** The most connections of a process that the outbox's statements hold at once. */
export const OUTBOX_LANES = 3;

/** pg's own words for a connection not had in time: db/unavailable.ts answers them 503. */
const TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The connections of a pool handed out in turns (docs/decisions/120). pg.Pool's own queue is
 * first come, first served: when the phones' outboxes flood the server (the signal comes back
 * at a venue), an examiner's list waited behind every score being synced. Here a screen's
 * statement goes first; the outbox always keeps one connection of its own when it has work and
 * never holds more than `lanes`, so it is never starved and never crowds the screens out.
 */
export class TurnTaking {
  #free: number;
  #outboxHeld = 0;
  readonly #waiting: Record<Turn, Waiter[]> = { screen: [], outbox: [] };

  constructor(
    private readonly size: number,
    private readonly timeoutMs: number,
    private readonly lanes = OUTBOX_LANES,
  ) {
    this.#free = size;
  }

  /** Resolves when a connection may be taken; fails after timeoutMs as pg.Pool would. */
  wait(turn: Turn): Promise<void> {
    // A free connection means nobody who may take it is waiting.
    if (this.#free > 0 && (turn === 'screen' || this.#outboxHeld < this.lanes)) {
      this.#free--;
      if (turn === 'outbox') this.#outboxHeld++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const queue = this.#waiting[turn];
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(new Error(TIMEOUT_MESSAGE));
        }, this.timeoutMs),
      };
      queue.push(waiter);
    });
  }

  /**
   * Resolves once no connection is out and nobody waits for one, at two looks `quietMs` apart (a
   * request's next statement is asked for within the same turn of the event loop as the answer
   * to its last), or after `maxMs` whatever is still out. A server that stops waits for this
   * before it ends the pool: a request whose phone went away is still carried out to its commit.
   */
  async settled(quietMs = 10, maxMs = 8_000): Promise<void> {
    const until = Date.now() + maxMs;
    const idle = () =>
      this.#free === this.size && this.#waiting.screen.length === 0 && this.#waiting.outbox.length === 0;
    let quiet = 0;
    while (quiet < 2 && Date.now() < until) {
      quiet = idle() ? quiet + 1 : 0;
      if (quiet < 2) await new Promise((resolve) => setTimeout(resolve, quietMs));
    }
  }

  /** A connection taken in `turn` was given back: the next waiter's, or free again. */
  done(turn: Turn): void {
    if (turn === 'outbox') this.#outboxHeld--;
    const { screen, outbox } = this.#waiting;
    let next: Waiter | undefined;
    if (
      outbox.length > 0 &&
      (this.#outboxHeld === 0 || (screen.length === 0 && this.#outboxHeld < this.lanes))
    ) {
      next = outbox.shift();
      this.#outboxHeld++;
    } else {
      next = screen.shift();
    }
    if (!next) {
      this.#free++;
      return;
    }
    clearTimeout(next.timer);
    next.resolve();
  }
}

/** A client as Kysely uses one: for one query, or for one transaction's statements. */
export interface LazyClient {
  query(text: unknown, parameters?: ReadonlyArray<unknown>): Promise<pg.QueryResult>;
  release(): void;
}

/**
 * A client whose pool connection is waited for at its first statement, in the turn `turnOf`
 * gives that statement; every statement goes through `send`.
 */
export function lazyClient(
  pool: pg.Pool,
  turns: TurnTaking,
  turnOf: (text: unknown) => Turn,
  send: (
    client: pg.PoolClient,
    text: unknown,
    parameters?: ReadonlyArray<unknown>,
  ) => Promise<pg.QueryResult>,
): LazyClient {
  let taking: { turn: Turn; client: Promise<pg.PoolClient> } | undefined;
  const take = async (turn: Turn) => {
    await turns.wait(turn);
    try {
      return await pool.connect();
    } catch (error) {
      turns.done(turn);
      throw error;
    }
  };
  return {
    async query(text, parameters) {
      if (!taking) {
        const turn = turnOf(text);
        taking = { turn, client: take(turn) };
      }
      return send(await taking.client, text, parameters);
    },
    release() {
      if (!taking) return;
      const { turn, client } = taking;
      taking = undefined;
      // A connection never had (its wait failed) has nothing to give back.
      client.then(
        (c) => {
          c.release();
          turns.done(turn);
        },
        () => undefined,
      );
    },
  };
}
