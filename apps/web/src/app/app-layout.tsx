import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../components/ui/icon';
import { Spinner } from '../components/ui/spinner';
import { useAppLock } from '../lib/app-lock';
import { logoUrl, useOrganisasi } from '../lib/organisasi';
import { LazyBoundary } from './lazy-boundary';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { SideMenu } from './side-menu';
import { useFirstPaintDone } from './use-first-paint';

// The sync status needs Dexie (~30 KB gzipped): lazy, so the login's first load stays in budget.
const SyncHeader = lazy(() => import('./sync/sync-header').then((m) => ({ default: m.SyncHeader })));
// The slide-up panels and the lock screen load when first needed (DESIGN §12), outside the login's load.
const SignOutPanel = lazy(() => import('./panels/sign-out-panel').then((m) => ({ default: m.SignOutPanel })));
const LockPanel = lazy(() => import('./lock/lock-panel').then((m) => ({ default: m.LockPanel })));
const LockScreen = lazy(() => import('./lock/lock-screen').then((m) => ({ default: m.LockScreen })));

/** What a locked app shows while the lock screen loads: nothing of the page behind it. */
function LockCover() {
  return <div className="fixed inset-0 z-50 bg-neutral-100" />;
}

/** The signed-in frame: a top bar with the menu button and the organisation, the side menu, the page. */
export function AppLayout() {
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<'sign-out' | 'lock' | null>(null);
  const closePanel = useCallback(() => setPanel(null), []);
  const { locked } = useAppLock();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to the menu button so keyboard and screen-reader users are not lost.
  const close = useCallback(() => {
    setOpen(false);
    menuButton.current?.focus();
  }, []);
  const organisasi = useOrganisasi();
  // The committee console's tables use a laptop's width; the examiner's screens stay phone-sized.
  const wide = useLocation().pathname.toLowerCase().startsWith('/panitia');
  // The bar is drawn before the screen's chunks and the outbox are asked for (decision 059).
  const painted = useFirstPaintDone();
  return (
    <div className="min-h-dvh">
      {/* Locked, the page stays mounted (the outbox keeps sending) but cannot be seen or reached. */}
      <div inert={locked} aria-hidden={locked || undefined}>
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-brand px-2 text-on-brand shadow">
          <button
            ref={menuButton}
            type="button"
            aria-label="Buka menu"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            className="grid size-11 place-items-center rounded-lg hover:bg-black/10"
          >
            <Icon path="M4 6h16M4 12h16M4 18h16" />
          </button>
          <img src={logoUrl(organisasi)} alt="" width={32} height={32} className="size-8 object-contain" />
          <span className="min-w-0 flex-1 truncate font-bold">
            {organisasi?.nama_organisasi || 'UKT Penguji'}
          </span>
          {/* Sends what waits on the phone on start and sign-in, and shows how many wait (DESIGN §7). */}
          {painted && (
            <ScreenErrorBoundary resetKey="sync" fallback={null}>
              <Suspense fallback={null}>
                <SyncHeader konsol={wide} />
              </Suspense>
            </ScreenErrorBoundary>
          )}
        </header>
        <SideMenu
          open={open}
          onClose={close}
          onSignOut={() => setPanel('sign-out')}
          onLock={() => setPanel('lock')}
        />
        <main className={`mx-auto px-3 pt-4 pb-10 ${wide ? 'max-w-480' : 'max-w-2xl'}`}>
          {painted ? <LazyBoundary /> : <Spinner />}
        </main>
      </div>
      {locked && (
        // Until its chunk arrives (or if it cannot), a locked app shows a blank screen, never the page.
        <ScreenErrorBoundary resetKey="lock" fallback={<LockCover />}>
          <Suspense fallback={<LockCover />}>
            <LockScreen onForgot={() => setPanel('sign-out')} />
          </Suspense>
        </ScreenErrorBoundary>
      )}
      <ScreenErrorBoundary resetKey={String(panel)} fallback={null}>
        <Suspense fallback={null}>
          {panel === 'sign-out' && <SignOutPanel onClose={closePanel} layer="z-[60]" />}
          {panel === 'lock' && !locked && <LockPanel onClose={closePanel} />}
        </Suspense>
      </ScreenErrorBoundary>
    </div>
  );
}
