import type { RekapRow } from '@ukt/core';
import { useState } from 'react';

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

/** Reasons up to this long fit two lines of the narrowest status column; longer ones fold. */
const PENDEK = 40;

/**
 * A participant's short reasons ('Belum dinilai: semua komponen', core's `alasanSingkat`), in the
 * words the exports print. A long one shows two lines with the whole text on hover; a click (or
 * Enter) unfolds it and folds it again.
 */
export function Alasan({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (!text) return null;
  if (text.length <= PENDEK) {
    return (
      <span className="line-clamp-2 text-xs text-neutral-700" data-alasan>
        {text}
      </span>
    );
  }
  return (
    <button
      type="button"
      data-alasan
      aria-expanded={open}
      title={open ? undefined : text}
      onClick={() => setOpen((o) => !o)}
      className={`cursor-pointer text-left text-xs text-neutral-700 underline decoration-neutral-300 decoration-dotted underline-offset-2 hover:decoration-brand ${open ? '' : 'line-clamp-2'}`}
    >
      {text}
    </button>
  );
}
