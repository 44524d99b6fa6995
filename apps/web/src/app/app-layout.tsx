import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { logoUrl, useOrganisasi } from '../lib/organisasi';
import { SideMenu } from './side-menu';

// The sync status needs Dexie (~30 KB gzipped): lazy, so the login's first load stays in budget.
const SyncHeader = lazy(() => import('./sync/sync-header').then((m) => ({ default: m.SyncHeader })));

/** The signed-in frame: a top bar with the menu button and the organisation, the side menu, the page. */
export function AppLayout() {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to the menu button so keyboard and screen-reader users are not lost.
  const close = useCallback(() => {
    setOpen(false);
    menuButton.current?.focus();
  }, []);
  const organisasi = useOrganisasi();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-brand px-2 text-on-brand shadow">
        <button
          ref={menuButton}
          type="button"
          aria-label="Buka menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          className="grid size-11 place-items-center rounded-lg hover:bg-black/10"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
          </svg>
        </button>
        <img src={logoUrl(organisasi)} alt="" width={32} height={32} className="size-8 object-contain" />
        <span className="min-w-0 flex-1 truncate font-bold">
          {organisasi?.nama_organisasi || 'UKT Penguji'}
        </span>
        {/* Sends what waits on the phone on start and sign-in, and shows how many wait (DESIGN §7). */}
        <Suspense fallback={null}>
          <SyncHeader />
        </Suspense>
      </header>
      <SideMenu open={open} onClose={close} />
      <main className="mx-auto max-w-2xl px-3 pt-4 pb-10">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
