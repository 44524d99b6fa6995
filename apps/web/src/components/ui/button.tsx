import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand text-on-brand hover:bg-brand-dark shadow-sm',
  secondary: 'bg-white text-neutral-900 ring-1 ring-neutral-300 hover:bg-neutral-50',
  ghost: 'bg-transparent text-neutral-800 hover:bg-neutral-200/60',
  danger: 'bg-red-600 text-white hover:bg-red-700',
};

/** A thumb-sized button (min 44 px tall) in one of the app's variants. */
export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
