import type { HTMLAttributes } from 'react';

/** A white rounded panel, the app's basic surface. */
export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 ${className}`} {...props} />;
}
