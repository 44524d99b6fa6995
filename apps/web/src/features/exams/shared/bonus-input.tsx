import { BONUS_MAX, BONUS_MIN, parseBonus } from '@ukt/core';
import { useId } from 'react';

const TAGS = Array.from({ length: BONUS_MAX - BONUS_MIN + 1 }, (_, i) => BONUS_MIN + i);

/**
 * The examiner's extra score: a field that accepts a whole number 0–5 and ignores any other input
 * (SPEC §5), and quick tags 0–5 under it that fill it with one tap (the seed's quick-amount tags,
 * DESIGN §12).
 */
export function BonusInput(props: { label: string; value: number; onChange: (bonus: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
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
      <fieldset className="grid grid-cols-6 gap-1.5">
        <legend className="sr-only">Pilihan cepat</legend>
        {TAGS.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={props.value === n}
            onClick={() => props.onChange(n)}
            className={`h-11 rounded-full text-base font-bold ring-1 transition-colors ${
              props.value === n
                ? 'bg-brand text-on-brand ring-brand'
                : 'bg-white text-neutral-800 ring-neutral-300 hover:bg-neutral-50'
            }`}
          >
            {n}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
