import type { RekapRow } from '@ukt/core';

const TONE: Record<RekapRow['status'], string> = {
  Lulus: 'bg-green-100 text-green-900 ring-green-300',
  'Tidak Lulus': 'bg-red-100 text-red-900 ring-red-300',
  'Belum lengkap': 'bg-amber-100 text-amber-900 ring-amber-300',
};

/** A participant's result status as a coloured label. */
export function StatusBadge({ status }: { status: RekapRow['status'] }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${TONE[status]}`}
    >
      {status}
    </span>
  );
}
