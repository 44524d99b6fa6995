import type { ExamMark, KomponenKey } from '@ukt/core';
import { useId } from 'react';

/**
 * 'Belum dinilai': a switch that lists only the participants still without a score for the chosen
 * exam of the post (issue 13 item 4); with one exam at the post there is nothing to choose.
 */
export function TodoFilter({
  marks,
  on,
  ujian,
  onChange,
}: {
  marks: readonly ExamMark[];
  on: boolean;
  ujian: KomponenKey;
  onChange: (next: { on: boolean; ujian: KomponenKey }) => void;
}) {
  const id = useId();
  if (!marks.length) return null;
  return (
    <div className="flex items-center gap-2">
      <label
        htmlFor={id}
        className="flex min-h-11 shrink-0 cursor-pointer items-center gap-2 text-sm font-semibold"
      >
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          onChange={(e) => onChange({ on: e.currentTarget.checked, ujian })}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-6 w-11 rounded-full bg-neutral-300 transition-colors peer-checked:bg-brand peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neutral-900 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
        Belum dinilai
      </label>
      {marks.length > 1 && (
        <select
          aria-label="Ujian yang belum dinilai"
          value={ujian}
          onChange={(e) => onChange({ on: true, ujian: e.currentTarget.value as KomponenKey })}
          className="h-11 min-w-0 flex-1 rounded-xl border-2 border-neutral-300 bg-white px-2 text-sm outline-none focus:border-brand"
        >
          {marks.map((m) => (
            <option key={m.key} value={m.key}>
              {m.huruf} – {m.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
