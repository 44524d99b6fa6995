import { useEffect, useState } from 'react';
import { useSession } from '../session';
import { type OutboxItem, onOutboxChange } from './outbox-db';
import { outboxItems } from './queries';
import { wasSent } from './sent-log';

/** The signed-in examiner's outbox items, kept current (null while loading). */
export function useOutboxItems(): OutboxItem[] | null {
  const examinerId = useSession().examiner?.id_pemilih;
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: outboxItems() reads the examiner from the session; a new sign-in reloads
  useEffect(() => {
    let live = true;
    const load = () => {
      outboxItems()
        .then((next) => live && setItems(next))
        .catch(() => live && setItems([]));
    };
    load();
    const off = onOutboxChange(load);
    return () => {
      live = false;
      off();
    };
  }, [examinerId]);
  return items;
}

/** 'tersimpan di HP' (something of theirs waits on this phone), 'terkirim' (all received), or null. */
export type SyncMark = 'pending' | 'sent' | null;

/** The mark of a participant: any item of theirs on the phone wins over an earlier 'terkirim'. */
export function syncMarkOf(items: OutboxItem[] | null, examinerId: string, participantId: string): SyncMark {
  if (items?.some((item) => item.participantId === participantId)) return 'pending';
  return wasSent(examinerId, participantId) ? 'sent' : null;
}
