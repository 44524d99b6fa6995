import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { sha256 } from '../lib/crypto';
import { AppError, badRequest, conflict } from '../lib/errors';
import { claimStale, findKey, forgetKey, keepAnswer, reserveKey, saveAnswer } from './idempotency.repository';

// DESIGN §4 / the IETF Idempotency-Key draft: same key + same body → the first answer, written
// once; same key + other body → 422; a retry while the first still runs → 409. Keys belong to
// the examiner who sent them. See docs/decisions/013-idempotency.md.

/** A first request whose answer is still running after this long is taken to have died. */
export const STALE_MS = 60_000;
/** The answer to a key used before for another request (the IETF draft's 422). */
export const KEY_REUSED_MESSAGE =
  'Idempotency-Key ini sudah dipakai untuk data yang berbeda. Buat kunci baru.';
/** The answer to a retry while the key's first request still runs. */
export const KEY_BUSY_MESSAGE = 'Permintaan yang sama masih diproses. Coba lagi sebentar.';
/** At most this many keys are remembered as abandoned (see below); the oldest go first. */
const ABANDONED_MAX = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
    /**
     * On a route marked `config.idempotency: 'inline'`: the key, its owner and the request's hash.
     * Such a route looks the key up, does its work and keeps its answer in its own single
     * transaction (one commit, docs/decisions/116); the plugin only checks the header.
     */
    idempotency?: InlineIdempotency;
  }
  interface FastifyContextConfig {
    /** 'inline': the route keeps its key and answer inside its own write (see InlineIdempotency). */
    idempotency?: 'inline';
  }
}

/** What an inline route needs to honour the Idempotency-Key itself. */
export interface InlineIdempotency {
  owner: number;
  key: string;
  hash: string;
}

function requestHash(request: FastifyRequest): string {
  // A multipart body is not read before the handler, and its boundary (so its size) changes when a
  // client rebuilds the same form (an outbox retry, `ukt import pending`): uploads are matched by
  // route and path only (docs/decisions/013-idempotency.md).
  const body = request.isMultipart() ? 'multipart' : JSON.stringify(request.body ?? null);
  return sha256(
    `${request.method} ${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params ?? {})} ${body}`,
  );
}

/** An answer kept for a key: what a replay sends. */
export interface KeptAnswer {
  status: number;
  response: string;
}

/**
 * The inline route's key looked up inside its write transaction: its kept answer, or undefined
 * when the work is to run (a new key, or one whose first request died unanswered STALE_MS ago);
 * 422 for another request's key, 409 while its first request still runs.
 */
export async function keptAnswer(
  trx: Kysely<Database>,
  idempotency: InlineIdempotency,
  now: number,
): Promise<KeptAnswer | undefined> {
  const row = await findKey(trx, idempotency.owner, idempotency.key);
  if (!row) return undefined;
  const kept = answerOfKey(row, idempotency.hash);
  if (kept) return kept;
  if (row.created_at >= now - STALE_MS) throw conflict(KEY_BUSY_MESSAGE);
  return undefined;
}

/**
 * What a key already stored means for a request with this hash: its kept answer, or null while
 * it has none yet; 422 when the key was used for another request.
 */
export function answerOfKey(
  row: { request_hash: string | null; status_code: number | null; response: string | null },
  hash: string,
): KeptAnswer | null {
  if (row.request_hash !== hash) throw new AppError(422, KEY_REUSED_MESSAGE);
  return row.status_code !== null && row.response !== null
    ? { status: row.status_code, response: row.response }
    : null;
}

/** Keeps an inline route's answer for its key, in the transaction of the work it answers. */
export function keepInlineAnswer(
  trx: Kysely<Database>,
  idempotency: InlineIdempotency,
  answer: KeptAnswer,
  now: number,
): Promise<void> {
  const { owner, key, hash } = idempotency;
  return keepAnswer(trx, owner, key, hash, answer.status, answer.response, now);
}

/**
 * Sends an answer serialized beforehand (an inline route's, the one it kept), typed as Fastify
 * types a serialized JSON answer: first answer and replays are then byte-identical.
 */
export async function sendAnswer(reply: FastifyReply, status: number, response: string) {
  return reply.code(status).type('application/json; charset=utf-8').send(response);
}

/** Sends a kept answer again, marked as a replay. */
export async function replay(reply: FastifyReply, status: number, response: string) {
  return sendAnswer(reply.header('idempotent-replayed', 'true'), status, response);
}

/** Honours the Idempotency-Key header on every authenticated write. */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  // Keys whose first request ended here in a 5xx while the database was away, so that the key
  // could not be dropped: that request is over, and the phone's retry may take the key over at
  // once instead of getting 409s for STALE_MS (docs/decisions/019).
  const abandoned = new Set<string>();
  const slotOf = (owner: number, key: string) => `${owner} ${key}`;
  const abandon = (slot: string) => {
    abandoned.add(slot);
    if (abandoned.size > ABANDONED_MAX) abandoned.delete(abandoned.values().next().value as string);
  };

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || key === undefined || !request.examiner) return;
    if (typeof key !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(key)) {
      throw badRequest('Header Idempotency-Key tidak valid (1–200 karakter tanpa spasi).');
    }
    const owner = request.examiner.id_pemilih;
    const hash = requestHash(request);
    if (request.routeOptions.config?.idempotency === 'inline') {
      request.idempotency = { owner, key, hash };
      return;
    }
    const now = app.clock();
    const slot = slotOf(owner, key);
    if (await app.writer.run((trx) => reserveKey(trx, owner, key, hash, now))) {
      abandoned.delete(slot);
      request.idempotencyKey = key;
      return;
    }
    const row = await findKey(app.db, owner, key);
    if (!row) throw conflict(KEY_BUSY_MESSAGE);
    if (row.request_hash !== hash) throw new AppError(422, KEY_REUSED_MESSAGE);
    if (row.status_code !== null && row.response !== null)
      return replay(reply, row.status_code, row.response);
    if (
      (abandoned.has(slot) || row.created_at < now - STALE_MS) &&
      (await app.writer.run((trx) => claimStale(trx, owner, key, row.created_at, now)))
    ) {
      abandoned.delete(slot);
      request.idempotencyKey = key;
      return;
    }
    throw conflict(KEY_BUSY_MESSAGE);
  });

  // Requests refused for a state the committee can undo (AppError.replay false: a ratified event,
  // docs/decisions/041). onError runs before the error handler, so before onSend.
  const refusedForNow = new WeakSet<FastifyRequest>();
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError && !error.replay) refusedForNow.add(request);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.examiner) return payload;
    request.idempotencyKey = undefined;
    const owner = request.examiner.id_pemilih;
    const status = reply.statusCode;
    // A server error, a rate limit or a refusal for now is not an answer to keep: the client should retry for real.
    const keep = status < 500 && status !== 429 && !refusedForNow.has(request);
    const answer = keep && typeof payload === 'string' ? payload : undefined;
    try {
      if (answer === undefined) await app.writer.run((trx) => forgetKey(trx, owner, key));
      else await app.writer.run((trx) => saveAnswer(trx, owner, key, status, answer));
    } catch (error) {
      // The database went away after the work: the answer still goes out as it is (a 2xx was
      // committed). A key left reserved without an answer is taken over by a retry after STALE_MS,
      // or at once here when its request failed.
      request.log.warn({ reason: (error as Error).message }, 'Idempotency-Key tidak dapat dicatat');
      if (answer === undefined) abandon(slotOf(owner, key));
    }
    return payload;
  });
});
