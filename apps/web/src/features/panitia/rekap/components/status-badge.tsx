import type { RekapRow } from '@ukt/core';

const TONE: Partial<Record<string, string>> = {
  Lulus: 'bg-green-100 text-green-900 ring-green-300',
  'Tidak Lulus': 'bg-red-100 text-red-900 ring-red-300',
  'Belum lengkap': 'bg-amber-100 text-amber-900 ring-amber-300',
};
/** A status without a colour of its own (a withdrawn participant, 'Mundur'). */
const GREY = 'bg-neutral-100 text-neutral-800 ring-neutral-300';

/** A participant's result status as a coloured label. */
export function StatusBadge({ status }: { status: RekapRow['status'] }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${TONE[status] ?? GREY}`}
    >
      {status}
    </span>
  );
}

/**
 * A status's reasons, short: one reason is shown as it is, several fold behind 'n alasan' that
 * unfolds the list, so a participant missing every component still takes one line.
 */
export function Alasan({ alasan }: { alasan: readonly string[] }) {
  if (alasan.length === 0) return null;
  if (alasan.length === 1) {
    return (
      <span className="text-xs text-neutral-700" data-alasan>
        {alasan[0]}
      </span>
    );
  }
  return (
    <details className="text-xs text-neutral-700" data-alasan>
      <summary className="cursor-pointer underline decoration-neutral-300 underline-offset-2 hover:decoration-brand">
        Lihat {alasan.length} alasan
      </summary>
      <ul className="mt-1 list-disc pl-4">
        {alasan.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </details>
  );
}
