import { useState } from 'react';
import { Icon } from '../../components/ui/icon';
import { useOutboxItems } from '../../lib/outbox';
import { OutboxPanel } from './outbox-panel';
import { useOnline } from './use-online';
import { useStoragePersist } from './use-storage-persist';
import { useSyncRunner } from './use-sync-runner';

/**
 * The header's sync status (DESIGN §7): the number of writes waiting on the phone, 'Offline' when
 * there is no network, and the outbox sheet behind it. Lazy: Dexie stays out of the login's load.
 * On the committee console (`konsol`) the phone's parts stay away: the storage warning always, the
 * waiting count while nothing waits; what waits is still sent.
 */
export function SyncHeader({ konsol = false }: { konsol?: boolean }) {
  useSyncRunner();
  const items = useOutboxItems();
  const online = useOnline();
  // Shown in the header rather than as a banner: a banner arriving late would move what the examiner is about to tap.
  const unsafeStorage = useStoragePersist() === 'denied';
  const [open, setOpen] = useState(false);
  const count = items?.length ?? 0;
  const rejected = items?.some((item) => item.state === 'rejected') ?? false;
  const tone = rejected
    ? 'bg-red-600 text-white'
    : count > 0
      ? 'bg-amber-100 text-amber-950'
      : 'bg-white/25 text-on-brand';
  return (
    <>
      {!online && (
        <span className="rounded-full bg-neutral-900/80 px-2 py-0.5 text-xs font-semibold text-white">
          Offline
        </span>
      )}
      {unsafeStorage && !konsol && (
        <button
          type="button"
          aria-label="Peringatan: penyimpanan HP tidak permanen"
          onClick={() => setOpen(true)}
          className="grid size-9 place-items-center rounded-full bg-amber-300 text-amber-950"
        >
          <Icon path="M12 4l9 16H3zM12 10v4m0 3v.5" className="size-5" strokeWidth={2.5} />
        </button>
      )}
      {(!konsol || count > 0) && (
        <button
          type="button"
          aria-label={`Nilai tertunda: ${count}`}
          onClick={() => setOpen(true)}
          className={`flex h-9 min-w-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-bold ${tone}`}
        >
          <Icon path="M12 16V4m0 0L7 9m5-5l5 5M5 20h14" className="size-4" strokeWidth={2.5} />
          <span data-testid="pending-count">{count}</span>
        </button>
      )}
      {open && items && (
        <OutboxPanel items={items} unsafeStorage={unsafeStorage} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
