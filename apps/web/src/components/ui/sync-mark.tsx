/** Whether a participant's or exam's writes are still on the phone or all received by the server. */
export type SyncMarkValue = 'pending' | 'sent' | null;

/** A small chip: 'Tersimpan di HP' (amber) or 'Terkirim' (green); nothing without a mark. */
export function SyncMark({ mark }: { mark: SyncMarkValue }) {
  if (!mark) return null;
  const pending = mark === 'pending';
  return (
    <span
      data-sync={mark}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
        pending ? 'bg-amber-50 text-amber-900 ring-amber-300' : 'bg-green-50 text-green-800 ring-green-300'
      }`}
    >
      {pending ? 'Tersimpan di HP' : 'Terkirim'}
    </span>
  );
}
