import { Button } from '../../components/ui/button';
import type { OutboxItem } from '../../lib/outbox';

const time = (at: number) =>
  new Date(at).toLocaleString('id-ID', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** One item of the outbox: what it is, when, its state and the server's message; 'Buang' when refused. */
export function OutboxItemRow({
  item,
  onDiscard,
}: {
  item: OutboxItem;
  onDiscard: (item: OutboxItem) => void;
}) {
  const rejected = item.state === 'rejected';
  return (
    <li
      data-outbox-item={item.key}
      data-state={item.state}
      className={`flex flex-col gap-1 px-4 py-3 ${rejected ? 'bg-red-50' : 'bg-white'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words">{item.label}</p>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
            rejected ? 'bg-red-600 text-white' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {rejected ? 'Ditolak server' : 'Menunggu dikirim'}
        </span>
      </div>
      <p className="text-xs text-neutral-500">
        Disimpan {time(item.createdAt)}
        {item.attempts > 0 ? ` · ${item.attempts}× dicoba` : ''}
      </p>
      {item.lastError && (
        <p className={`text-sm ${rejected ? 'font-medium text-red-800' : 'text-neutral-600'}`}>
          {item.lastError}
        </p>
      )}
      {rejected && (
        <div className="flex justify-end">
          <Button variant="danger" className="px-3" onClick={() => onDiscard(item)}>
            Buang
          </Button>
        </div>
      )}
    </li>
  );
}
