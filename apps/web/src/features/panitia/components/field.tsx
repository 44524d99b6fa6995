import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';

const control =
  'w-full min-w-0 rounded-xl border-2 border-neutral-300 bg-white px-3 text-base outline-none focus:border-brand disabled:bg-neutral-100 disabled:text-neutral-500 aria-invalid:border-red-500';

/** A label over its control and, when there is one, the field's error under it. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-neutral-700">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-neutral-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text (or date, number, tel …) input with its error. */
export function TextField({
  label,
  error,
  hint,
  onValue,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`h-11 ${control}`}
        onChange={(e) => onValue(e.target.value)}
        {...props}
      />
    </FieldFrame>
  );
}

/** A labelled multi-line input with its error. */
export function TextAreaField({
  label,
  error,
  hint,
  value,
  onValue,
  rows = 4,
  maxLength,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  value: string;
  onValue: (value: string) => void;
  rows?: number;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`py-2 ${control}`}
        onChange={(e) => onValue(e.target.value)}
      />
    </FieldFrame>
  );
}

/** One choice of a select: its value and the text shown. */
export interface Option {
  value: string;
  label: string;
}

/** A labelled select with its error; `empty` adds a first option with the value ''. */
export function SelectField({
  label,
  error,
  hint,
  options,
  empty,
  onValue,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  options: readonly Option[];
  empty?: string;
  onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`h-11 ${control}`}
        onChange={(e) => onValue(e.target.value)}
        {...props}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
