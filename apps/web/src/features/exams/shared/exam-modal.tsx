import type { ReactNode } from 'react';

/** The modal frame of the exams' result dialogs: a dimmed page and a sheet named by its heading. */
export function ExamModal({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-t-2xl bg-white p-4 shadow-xl sm:rounded-2xl"
      >
        {children}
      </div>
    </div>
  );
}
