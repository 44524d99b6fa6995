import { parseBonus } from '@ukt/core';
import { useId } from 'react';

/** The examiner's extra score field: accepts a whole number 0–5 and ignores any other input (SPEC §5). */
export function BonusInput(props: { label: string; value: number; onChange: (bonus: number) => void }) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-center justify-between gap-3">
      <span className="text-sm font-semibold text-neutral-700">{props.label}</span>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        className="h-12 w-20 rounded-xl border border-neutral-300 text-center text-xl font-bold"
        value={String(props.value)}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          // The newest digit wins (the field selects itself on focus); 6–9 and letters are ignored.
          const text = e.currentTarget.value.trim();
          if (text === '') return props.onChange(0);
          const parsed = parseBonus(text.slice(-1));
          if (parsed !== null) props.onChange(parsed);
        }}
      />
    </label>
  );
}
