import type { ReactNode } from 'react';

/** An inline message under a form or list (e.g. no connection), announced to screen readers. */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  const colours =
    tone === 'error' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-amber-50 text-amber-900 ring-amber-200';
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl px-3 py-2 text-sm ring-1 ${colours}`}
    >
      {children}
    </p>
  );
}
