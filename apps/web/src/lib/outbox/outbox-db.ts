import Dexie, { type EntityTable } from 'dexie';
import type { StoredBody } from './payload';

/** Where an outbox item stands: waiting to be sent, or refused by the server (4xx) for the examiner to see. */
export type OutboxState = 'pending' | 'rejected';

/** One write waiting in the outbox (DESIGN §7); its key is the Idempotency-Key it is always sent with. */
export interface OutboxItem {
  key: string;
  path: string;
  body: StoredBody;
  /** What the examiner sees in a pending list, e.g. 'Nilai Jurus – BUDI'. */
  label: string;
  participantId: string | null;
  /** The examiner who wrote it: items never sync under another login. */
  examinerId: string;
  createdAt: number;
  attempts: number;
  state: OutboxState;
  lastError: string | null;
  /** When the item was last written to an export file; logout needs every item exported. */
  exportedAt?: number | null;
}

/** The IndexedDB database of the outbox; IndexedDB rather than localStorage so audio blobs fit. */
export const outboxDb = new Dexie('ukt-outbox') as Dexie & { items: EntityTable<OutboxItem, 'key'> };

outboxDb.version(1).stores({ items: 'key, examinerId, createdAt, state' });

const listeners = new Set<() => void>();

/** Tells the screens showing the outbox (header count, marks, panel) that it changed. */
export function notifyOutboxChange(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to outbox changes; returns the unsubscribe function. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The items of one examiner, oldest first (the order they are sent in). */
export function itemsOf(examinerId: string): Promise<OutboxItem[]> {
  return outboxDb.items.where('examinerId').equals(examinerId).sortBy('createdAt');
}
