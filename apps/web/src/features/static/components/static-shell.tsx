import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The frame of the static account pages: a back button and a title. */
export function StaticShell({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col gap-5 px-5 py-4">
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label="Back"
          onClick={() => navigate(-1)}
          className="grid size-11 place-items-center rounded-full hover:bg-neutral-200"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className="text-xl font-bold">{title}</h1>
      </div>
      {children}
    </main>
  );
}
