import { forwardRef, useId } from 'react';
import { PIN_LENGTH } from '../../lib/app-lock';

/** A masked 4-digit PIN field with a numeric keyboard; anything but digits is dropped as typed. */
export const PinInput = forwardRef<
  HTMLInputElement,
  { label: string; value: string; onChange: (pin: string) => void; invalid?: boolean }
>(function PinInput({ label, value, onChange, invalid = false }, ref) {
  const id = useId();
  return (
    <div className="flex flex-col items-center gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-neutral-700">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={PIN_LENGTH}
        aria-invalid={invalid}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D+/g, '').slice(0, PIN_LENGTH))}
        className="h-14 w-44 rounded-xl border-2 border-neutral-300 bg-white text-center text-3xl font-bold tracking-[0.5em] outline-none focus:border-brand focus:ring-4 focus:ring-brand/30 aria-invalid:border-red-500"
      />
    </div>
  );
});
