import { getSession } from '../session';
import { randomId } from '../uuid';
import { runPass } from './flush';
import { notifyOutboxChange, type OutboxItem, outboxDb } from './outbox-db';
import { toStoredBody } from './payload';
import { type QueuedReason, sendItem } from './send-item';

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

/**
 * How a write ended: received by the server, kept on the phone for later (with why, and the
 * server's message when it answered), or refused by the server.
 */
export type SubmitResult =
  | { status: 'sent'; data: unknown; key: string }
  | { status: 'queued'; key: string; reason: QueuedReason; message: string | null }
  | { status: 'rejected'; message: string; key: string };

/**
 * Saves a write: first durably in the phone's outbox with a fresh Idempotency-Key and the examiner's
 * id, then sends it after any older item (in order). 'queued' means it is safe on the phone and will
 * be sent again later; 'rejected' keeps it on the phone, refused, until discarded.
 */
export async function submit(request: OutboxRequest): Promise<SubmitResult> {
  const examinerId = getSession().examiner?.id_pemilih;
  const key = randomId();
  if (!examinerId) {
    return { status: 'rejected', message: 'Sesi penguji tidak ditemukan. Silakan masuk lagi.', key };
  }
  const item: OutboxItem = {
    key,
    path: request.path,
    body: toStoredBody(request.body),
    label: request.label,
    participantId: request.participantId ?? null,
    examinerId,
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
    lastError: null,
    exportedAt: null,
  };
  try {
    await outboxDb.items.add(item);
  } catch {
    // No IndexedDB (private mode, full disk): send anyway, but a network failure cannot be kept.
    const result = await sendItem(item);
    if (result.status === 'sent') return { ...result, key };
    const message =
      result.status === 'queued'
        ? 'Gagal mengirim dan HP tidak dapat menyimpan nilai. Coba lagi.'
        : result.message;
    return { status: 'rejected', message, key };
  }
  notifyOutboxChange();
  const results = await runPass();
  const result = results.get(key);
  if (result?.status === 'sent') return { status: 'sent', data: result.data, key };
  if (result?.status === 'rejected') return { status: 'rejected', message: result.message, key };
  // Not tried, or tried and kept: the item that ended the pass (this one or an older one) says why;
  // nothing tried at all means the browser knows it has no network.
  const stoppedBy = result ?? [...results.values()].find((r) => r.status === 'queued');
  return stoppedBy?.status === 'queued'
    ? { status: 'queued', key, reason: stoppedBy.reason, message: stoppedBy.message }
    : { status: 'queued', key, reason: 'offline', message: null };
}
