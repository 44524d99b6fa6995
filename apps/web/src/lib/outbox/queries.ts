import { getSession } from '../session';
import { itemsOf, notifyOutboxChange, type OutboxItem, outboxDb } from './outbox-db';

/** The signed-in examiner's items still on the phone (pending or refused), oldest first. */
export async function outboxItems(): Promise<OutboxItem[]> {
  const examinerId = getSession().examiner?.id_pemilih;
  return examinerId ? itemsOf(examinerId) : [];
}

/** Drops an item the examiner chose to discard (a refused write they will redo). */
export async function discardOutboxItem(key: string): Promise<void> {
  await outboxDb.items.delete(key);
  notifyOutboxChange();
}

/**
 * True when the signed-in examiner may log out without losing a score: nothing unsent, or every
 * unsent item is in an export file (the items also stay on the phone for their next sign-in).
 */
export async function safeToLogOut(): Promise<{ safe: boolean; unsent: number }> {
  const items = await outboxItems();
  return { safe: items.every((item) => item.exportedAt), unsent: items.length };
}

/** How many items on this phone belong to other examiners (they wait for their own sign-in). */
export async function otherExaminersItemCount(): Promise<number> {
  const examinerId = getSession().examiner?.id_pemilih ?? '';
  return outboxDb.items.where('examinerId').notEqual(examinerId).count();
}
