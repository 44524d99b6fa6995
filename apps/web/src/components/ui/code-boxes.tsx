import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

/**
 * Single-digit code boxes with SPEC §5's keyboard rules: a digit moves on, backspace clears the
 * box or moves back, arrows move, pasted text is spread one digit per box, other keys are blocked.
 */
export function CodeBoxes({
  value,
  onChange,
  length = value.length,
  disabled = false,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  length?: number;
  disabled?: boolean;
}) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(length - 1, i))]?.focus();

  // Writes digits from box `from` onwards and focuses the box after the last one written.
  const spread = (from: number, digits: string) => {
    const next = [...value];
    let i = from;
    for (const d of digits) {
      if (i >= length) break;
      next[i++] = d;
    }
    onChange(next);
    focus(i);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === 'Tab' || e.key === 'Enter') return;
    if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      spread(i, e.key);
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      if (value[i]) onChange(value.map((d, j) => (j === i ? '' : d)));
      else if (e.key === 'Backspace') focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    } else if (e.key.length === 1) {
      e.preventDefault();
    }
  };

  // Virtual keyboards often report 'Unidentified' keys; their text still arrives here.
  const onInput = (i: number, text: string) => {
    const digits = text.replace(/\D+/g, '');
    if (!digits) return onChange(value.map((d, j) => (j === i ? '' : d)));
    const typed = digits.length === 2 && value[i] ? digits.replace(value[i] as string, '') || digits : digits;
    spread(i, typed.length === 1 ? typed : digits);
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const digits = e.clipboardData.getData('text').replace(/\D+/g, '');
    if (digits) spread(i, digits);
  };

  return (
    <div className="flex justify-center gap-3">
      {Array.from({ length }, (_, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          aria-label={`Digit ${i + 1}`}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          value={value[i] ?? ''}
          disabled={disabled}
          onKeyDown={(e) => onKeyDown(i, e)}
          onChange={(e) => onInput(i, e.target.value)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
          className="size-14 rounded-xl border-2 border-neutral-300 bg-white text-center text-2xl font-bold caret-brand outline-none focus:border-brand focus:ring-4 focus:ring-brand/30 disabled:opacity-60"
        />
      ))}
    </div>
  );
}
