import { ApiError, apiPost } from '../api-client';
import { outboxCount } from '../outbox-count';
import { notifyOutboxChange, type OutboxItem, outboxDb } from './outbox-db';
import { fromStoredBody } from './payload';
import { isTransientStatus, retryAfterMs } from './retry-policy';
import { scoreOfWrite } from './score-of-write';
import { recordSent } from './sent-log';
import { recordSentScore } from './sent-scores';
import { unsentCountSettled } from './unsent-count';

/**
 * Why a write waits on the phone: the server could not be reached ('offline'), or it answered but
 * could not take it now ('server': e.g. a 503 while its database is away, DESIGN §4).
 */
export type QueuedReason = 'offline' | 'server';

/** How one send ended: received, to be tried again later, or refused by the server. */
export type SendResult =
  | { status: 'sent'; data: unknown }
  | { status: 'queued'; message: string; reason: QueuedReason; retryAfterMs: number | null }
  | { status: 'rejected'; message: string };

/** True for failures worth retrying later (see retry-policy); anything but an ApiError is the network's. */
function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || isTransientStatus(error.status, error.message);
}

/** Sends one stored item with its Idempotency-Key; on 2xx it leaves the outbox (DESIGN §7). */
export async function sendItem(item: OutboxItem): Promise<SendResult> {
  try {
    // The send reports the examiner's other items (so the last successful send reports 0),
    // counted after the item before it left.
    await unsentCountSettled();
    const count = outboxCount();
    const answer = await apiPost<{ data?: unknown }>(item.path, fromStoredBody(item.body), {
      idempotencyKey: item.key,
      ...(count === null ? {} : { tertunda: Math.max(0, count - 1) }),
    });
    // Noted before the item leaves the outbox, so the phone always holds the score one way or the other.
    const score = scoreOfWrite(item, answer?.data);
    if (score) await recordSentScore(item.examinerId, score);
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
    if (!transient) return { status: 'rejected', message };
    if (error instanceof ApiError && error.status !== 0) {
      return { status: 'queued', message, reason: 'server', retryAfterMs: retryAfterMs(error.retryAfter) };
    }
    return { status: 'queued', message, reason: 'offline', retryAfterMs: null };
  }
}
