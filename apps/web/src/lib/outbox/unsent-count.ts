import { setOutboxCount } from '../outbox-count';
import { getSession } from '../session';
import { onOutboxChange, outboxDb } from './outbox-db';

// Keeps lib/outbox-count.ts current: one IndexedDB count after each outbox change, never one per
// request. Counts run one after another, so the last one started is the one that stays.

let counting: Promise<void> = Promise.resolve();

/** Counts the signed-in examiner's items again (after any count already running). */
export function refreshUnsentCount(): Promise<void> {
  counting = counting
    .then(async () => {
      const examinerId = getSession().examiner?.id_pemilih;
      if (!examinerId) return;
      const items = () => outboxDb.items.where('examinerId').equals(examinerId);
      const ditolak = await items()
        .filter((item) => item.state === 'rejected')
        .count();
      setOutboxCount(examinerId, await items().count(), ditolak);
    })
    .catch(() => undefined);
  return counting;
}

/** Resolves once every count started so far is stored (a send reports the count after its predecessor left). */
export function unsentCountSettled(): Promise<void> {
  return counting;
}

if (typeof window !== 'undefined') {
  onOutboxChange(() => void refreshUnsentCount());
  void refreshUnsentCount();
}
