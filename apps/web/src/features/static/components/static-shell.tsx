import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/icon';

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
          <Icon path="M15 6l-6 6 6 6" />
        </button>
        <h1 className="text-xl font-bold">{title}</h1>
      </div>
      {children}
    </main>
  );
}
