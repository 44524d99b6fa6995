import { ApiError, apiPost } from '../api-client';
import { notifyOutboxChange, type OutboxItem, outboxDb } from './outbox-db';
import { fromStoredBody } from './payload';
import { recordSent } from './sent-log';

/** How one send ended: received, to be tried again later, or refused by the server. */
export type SendResult =
  | { status: 'sent'; data: unknown }
  | { status: 'queued'; message: string }
  | { status: 'rejected'; message: string };

// DESIGN §4: a retry while the first request with the key still runs is a 409 — it is not a refusal
// (the first one may have died with a server restart), so it is retried like a network error.
const STILL_RUNNING = /masih diproses/i;

/** True for failures worth retrying later: no network, server trouble, timeouts, rate limits. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 409 && STILL_RUNNING.test(error.message)) return true;
  // 401: the login is gone, not the score's fault; it waits for the same examiner to log in again.
  return error.status === 0 || error.status >= 500 || [401, 408, 425, 429].includes(error.status);
}

/** Sends one stored item with its Idempotency-Key; on 2xx it leaves the outbox (DESIGN §7). */
export async function sendItem(item: OutboxItem): Promise<SendResult> {
  try {
    const answer = await apiPost<{ data?: unknown }>(item.path, fromStoredBody(item.body), {
      idempotencyKey: item.key,
    });
    await outboxDb.items.delete(item.key).catch(() => undefined);
    if (item.participantId) recordSent(item.examinerId, item.participantId);
    notifyOutboxChange();
    return { status: 'sent', data: answer?.data ?? null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const transient = isTransient(error);
    await outboxDb.items
      .update(item.key, {
        attempts: item.attempts + 1,
        lastError: message,
        state: transient ? 'pending' : 'rejected',
      })
      .catch(() => undefined);
    notifyOutboxChange();
    return transient ? { status: 'queued', message } : { status: 'rejected', message };
  }
}
