import type { ReactNode } from 'react';

/**
 * What only the person who runs the server needs (folders, settings, commands), folded away under
 * "Untuk petugas IT" so the committee reads plain Indonesian first (docs/decisions/139).
 */
export function UntukPetugasIt({ children }: { children: ReactNode }) {
  return (
    <details className="rounded-2xl bg-neutral-50 p-3 text-sm text-neutral-800 ring-1 ring-black/5">
      <summary className="cursor-pointer font-semibold">Untuk petugas IT</summary>
      <div className="mt-2 flex flex-col gap-2">{children}</div>
    </details>
  );
}

/** A command or setting written as it is typed. */
export function Perintah({ children }: { children: ReactNode }) {
  return (
    <pre className="overflow-x-auto rounded-xl bg-neutral-900 px-3 py-2 text-xs whitespace-pre-wrap text-neutral-50">
      {children}
    </pre>
  );
}
