import { formatWaktu } from '../../components/format';
import type { LiveState } from '../api/use-live-progres';

const LOOK: Record<LiveState, { dot: string; text: string }> = {
  langsung: { dot: 'bg-green-600', text: 'Langsung: angka berubah sendiri saat penguji menyimpan' },
  menyambung: { dot: 'bg-amber-500', text: 'Menyambung…' },
  terputus: {
    dot: 'bg-red-600',
    text: 'Tidak langsung: sambungan terputus, mencoba lagi. Angka di bawah mungkin sudah lama.',
  },
};

/** Whether the page is live, and when the last write arrived. */
export function LiveBadge({ state, terakhir }: { state: LiveState; terakhir: string | null }) {
  const look = LOOK[state];
  return (
    <p role="status" data-live={state} className="flex items-start gap-2 text-sm text-neutral-700">
      <span aria-hidden="true" className={`mt-1.5 inline-block size-2.5 shrink-0 rounded-full ${look.dot}`} />
      <span>
        <span className="font-medium">{look.text}</span>
        {terakhir && <span className="text-neutral-600"> · terakhir {formatWaktu(terakhir)}</span>}
      </span>
    </p>
  );
}
