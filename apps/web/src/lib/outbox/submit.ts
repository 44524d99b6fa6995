import { ApiError, apiPost } from '../api-client';
import { getSession } from '../session';
import { type OutboxItem, outboxDb } from './outbox-db';
import { fromStoredBody, toStoredBody } from './payload';

/** A write handed to the outbox. */
export interface OutboxRequest {
  /** API path relative to /uktNEW/api, e.g. '/DataSiswa/NilaiSiswa'. */
  path: string;
  /** A JSON-able body, or FormData for uploads. */
  body: unknown;
  /** What the examiner sees for it in a pending list. */
  label: string;
  participantId?: string;
}

/** How a write ended: received by the server, kept on the phone for later, or refused by the server. */
export type SubmitResult =
  | { status: 'sent'; data: unknown }
  | { status: 'queued' }
  | { status: 'rejected'; message: string };

// Items being sent right now, so a flush and a submit never send one item twice at once.
const inFlight = new Set<string>();

/** True for failures worth retrying later: no network, server trouble, timeouts, rate limits. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // 401: the login is gone, not the score's fault; it waits for the same examiner to log in again.
  return error.status === 0 || error.status >= 500 || [401, 408, 425, 429].includes(error.status);
}

/** Sends one stored item; on 2xx it leaves the outbox (DESIGN §7). */
async function sendItem(item: OutboxItem): Promise<SubmitResult> {
  inFlight.add(item.key);
  try {
    const answer = await apiPost<{ data?: unknown }>(item.path, fromStoredBody(item.body), {
      idempotencyKey: item.key,
    });
    await outboxDb.items.delete(item.key).catch(() => undefined);
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
    return transient ? { status: 'queued' } : { status: 'rejected', message };
  } finally {
    inFlight.delete(item.key);
  }
}

/**
 * Saves a write: first durably in the phone's outbox with a fresh Idempotency-Key and the examiner's
 * id, then sends it. 'queued' means it is safe on the phone and will be sent again later.
 */
export async function submit(request: OutboxRequest): Promise<SubmitResult> {
  const examinerId = getSession().examiner?.id_pemilih;
  if (!examinerId)
    return { status: 'rejected', message: 'Sesi penguji tidak ditemukan. Silakan masuk lagi.' };
  const item: OutboxItem = {
    key: crypto.randomUUID(),
    path: request.path,
    body: toStoredBody(request.body),
    label: request.label,
    participantId: request.participantId ?? null,
    examinerId,
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
    lastError: null,
  };
  try {
    await outboxDb.items.add(item);
  } catch {
    // No IndexedDB (private mode, full disk): send anyway, but a network failure cannot be kept.
    const result = await sendItem(item);
    return result.status === 'queued'
      ? { status: 'rejected', message: 'Gagal mengirim dan HP tidak dapat menyimpan nilai. Coba lagi.' }
      : result;
  }
  return sendItem(item);
}

/** Sends again every pending item of the signed-in examiner, oldest first; resolves to how many are left. */
export async function flushOutbox(): Promise<number> {
  const examinerId = getSession().examiner?.id_pemilih;
  if (!examinerId) return 0;
  const items = await outboxDb.items.where('examinerId').equals(examinerId).sortBy('createdAt');
  let left = 0;
  for (const item of items) {
    if (item.state !== 'pending' || inFlight.has(item.key)) continue;
    const result = await sendItem(item);
    if (result.status === 'queued') left++;
  }
  return left;
}

/** The signed-in examiner's items still on the phone (pending or refused), oldest first. */
export async function outboxItems(): Promise<OutboxItem[]> {
  const examinerId = getSession().examiner?.id_pemilih;
  if (!examinerId) return [];
  return outboxDb.items.where('examinerId').equals(examinerId).sortBy('createdAt');
}

/** Drops an item the examiner chose to discard (a refused write they will redo). */
export async function discardOutboxItem(key: string): Promise<void> {
  await outboxDb.items.delete(key);
}
