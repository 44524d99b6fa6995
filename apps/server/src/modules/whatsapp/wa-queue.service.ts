import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Database } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { WaGateway } from './gateway';
import { claimWaJeda } from './wa-jeda.repository';
import {
  claimWaPesan,
  expireWaPesan,
  findDueWaPesan,
  findWaHasilTerakhir,
  insertWaPesan,
  markWaGagal,
  markWaRetry,
  markWaTerkirim,
  type NewWaPesan,
} from './wa-pesan.repository';

// The WhatsApp queue (antrean WhatsApp, docs/decisions/138): a message is written to wa_pesan first and sent by
// the server afterwards, so no request waits for a gateway; a failed try is tried again after a
// pause, a bounded number of times; the state survives a restart and is the same for every
// process on the database (each takes a due message by a conditional update before sending it).

/** The pauses before the 2nd, 3rd and 4th try: together well inside a login code's 5 minutes. */
export const WA_RETRY_DELAYS_MS = [10_000, 30_000, 90_000] as const;

/** Tries per message: the first and one after each pause. */
export const WA_MAX_TRIES = WA_RETRY_DELAYS_MS.length + 1;

/** How often due messages are looked for (a new one is sent at once, without waiting for this). */
const POLL_MS = 1000;

/** How long a process holds a message it is sending before another may take it (longer than any gateway call). */
const CLAIM_MS = 3 * 60_000;

/** Messages sent one after another per round: a gateway's pace, not a burst. */
const BATCH = 20;

/** How far back a gateway's failed tries count for its health (docs/decisions/155). */
export const WA_GANGGUAN_MS = 15 * 60_000;

/**
 * Whether the gateway is failing: its last tries in WA_GANGGUAN_MS, back to the last message it
 * took, failed for at least two numbers. Two, so that one number the gateway refuses (not on
 * WhatsApp) never shows in what every login is answered: that would tell the number is known.
 */
export async function isGatewayTerganggu(db: Kysely<Database>, now: number): Promise<boolean> {
  const failed = new Set<string>();
  for (const hasil of await findWaHasilTerakhir(db, now - WA_GANGGUAN_MS, 50)) {
    if (hasil.status === 'terkirim') break;
    failed.add(hasil.no_wa);
  }
  return failed.size >= 2;
}

/** A message to queue (without its gateway, which the queue knows). */
export type WaQueueMessage = Omit<NewWaPesan, 'gateway'>;

/** The queue of a running server. */
export interface WaQueue {
  /** The gateway's name, as OTP_DELIVERY writes it. */
  gateway: string;
  /** Queues a message and starts sending it; answers its id. */
  enqueue(message: WaQueueMessage): Promise<number>;
  /** Sends what is due now (also run every second); answers when this round is done. */
  runDue(): Promise<void>;
  /** Whether the gateway's last tries failed (isGatewayTerganggu). */
  terganggu(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The WhatsApp queue when OTP_DELIVERY names a gateway (docs/decisions/138). */
    waQueue: WaQueue | undefined;
  }
}

/** What the queue works with. */
interface QueueDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  gateway: WaGateway;
  log: FastifyBaseLogger;
  /** Ends a gateway call in flight when the server stops. */
  signal: AbortSignal;
  /** Waits for the gateway's pace before a message goes out. */
  pace: () => Promise<void>;
}

/** One try of one due message; its new state is written whatever the gateway answered. */
async function tryOne(deps: QueueDeps, row: Awaited<ReturnType<typeof findDueWaPesan>>[number]) {
  const { db, clock, gateway, log } = deps;
  if (!(await claimWaPesan(db, row, clock() + CLAIM_MS))) return;
  // Read before this round's clock moved on: a code past its end is given up, never sent.
  if (row.kedaluwarsa_at !== null && Number(row.kedaluwarsa_at) <= clock()) {
    await expireWaPesan(db, clock());
    return;
  }
  const tries = row.percobaan + 1;
  await deps.pace();
  const result = await gateway.send(
    { to: row.no_wa, text: row.isi ?? '', ...(row.kode === null ? {} : { code: row.kode }) },
    deps.signal,
  );
  const now = clock();
  if (result.ok) {
    await markWaTerkirim(db, row.id, tries, result.id, now);
    log.info({ pesan: row.id, to: row.no_wa, gateway: gateway.name }, 'Pesan WhatsApp diterima gateway');
    return;
  }
  const delay = WA_RETRY_DELAYS_MS[tries - 1];
  if (result.retry && delay !== undefined && !deps.signal.aborted) {
    await markWaRetry(db, row.id, tries, result.reason, now + delay, now);
    log.warn(
      { pesan: row.id, to: row.no_wa, alasan: result.reason },
      'Pesan WhatsApp belum terkirim; dicoba lagi',
    );
  } else if (result.retry && deps.signal.aborted) {
    // Stopping: the next start (or another process) tries it again, as one more try.
    await markWaRetry(db, row.id, tries, result.reason, now, now);
  } else {
    await markWaGagal(db, row.id, tries, result.reason, now);
    log.warn({ pesan: row.id, to: row.no_wa, alasan: result.reason }, 'Pesan WhatsApp gagal terkirim');
  }
}

/** A queue over the database and gateway; `stop` ends its rounds and waits for the one under way. */
export function createWaQueue(deps: Omit<QueueDeps, 'signal' | 'pace'>): WaQueue & { stop(): Promise<void> } {
  const stopping = new AbortController();

  /**
   * Waits for this message's start: the next free one of the gateway, claimed in the database so
   * the pause holds between the messages of every process and machine (docs/decisions/160). Ends
   * at once when stopping.
   */
  async function pace(): Promise<void> {
    const pauseMs = deps.gateway.pauseMs ?? 0;
    if (pauseMs <= 0) return;
    const wait = await claimWaJeda(deps.db, deps.dialect, deps.gateway.name, pauseMs);
    if (wait > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          stopping.signal.removeEventListener('abort', done);
          resolve();
        }
        stopping.signal.addEventListener('abort', done, { once: true });
      });
    }
  }

  const full: QueueDeps = { ...deps, signal: stopping.signal, pace };
  let round: Promise<void> | undefined;
  let again = false;

  async function rounds(): Promise<void> {
    do {
      again = false;
      await expireWaPesan(deps.db, deps.clock());
      const due = await findDueWaPesan(deps.db, deps.clock(), BATCH);
      for (const row of due) {
        if (stopping.signal.aborted) return;
        await tryOne(full, row);
      }
      if (due.length === BATCH) again = true;
    } while (again && !stopping.signal.aborted);
  }

  /** Runs a round unless one is under way, which then runs once more. */
  function runDue(): Promise<void> {
    if (stopping.signal.aborted) return Promise.resolve();
    if (round) {
      again = true;
      return round;
    }
    round = rounds()
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) deps.log.warn({ err: error }, 'Antrean WhatsApp terhenti sebentar');
      })
      .finally(() => {
        round = undefined;
      });
    return round;
  }

  const timer = setInterval(() => void runDue(), POLL_MS);
  timer.unref();
  return {
    gateway: deps.gateway.name,
    async enqueue(message) {
      const id = await insertWaPesan(deps.db, { ...message, gateway: deps.gateway.name }, deps.clock());
      void runDue();
      return id;
    },
    runDue,
    terganggu: () => isGatewayTerganggu(deps.db, deps.clock()),
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await round;
    },
  };
}

/** Starts the app's queue for this gateway (none without one); it stops before the database closes. */
export function startWaQueue(app: FastifyInstance, gateway: WaGateway | undefined): WaQueue | undefined {
  const queue =
    gateway && createWaQueue({ db: app.db, dialect: app.dialect, clock: app.clock, gateway, log: app.log });
  app.decorate('waQueue', queue);
  if (queue) app.addHook('preClose', () => queue.stop());
  return queue;
}
