import { Suspense, useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { CONSOLE_PAGES } from '../pages';

/** The console's pages in their groups, in the order a committee works through an event (DESIGN §9). */
const GROUPS = [...new Set(CONSOLE_PAGES.map((p) => p.group))].map((label) => ({
  label,
  pages: CONSOLE_PAGES.filter((p) => p.group === label),
}));

/**
 * The console's frame (docs/decisions/105): from a tablet's width up, a side bar of the pages in
 * groups beside the page; on a phone, a 'Menu halaman' button naming the open page that unfolds the
 * same list. Every link keeps the chosen event (?ukt=ID), so Peserta → Progres → Rekap stays on it.
 */
export function PanitiaLayout() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const ukt = params.get('ukt');
  const search = ukt ? `?ukt=${encodeURIComponent(ukt)}` : '';
  const current = GROUPS.flatMap((g) => g.pages).find((p) => pathname.startsWith(`/panitia/${p.path}`));

  // Choosing a page folds the phone's menu away again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-start md:gap-6">
      <div className="flex flex-col gap-2 md:sticky md:top-18 md:w-48 md:shrink-0">
        <div className="flex items-center gap-2">
          <p className="flex-1 text-xs font-semibold tracking-widest text-neutral-700 uppercase">
            Konsol Panitia
          </p>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-3 text-sm font-semibold text-neutral-900 ring-1 ring-neutral-300 md:hidden"
          >
            <Icon path="M4 6h16M4 12h16M4 18h16" className="size-5" />
            Menu halaman
            {current && <span className="font-normal text-neutral-700">· {current.label}</span>}
          </button>
        </div>
        <nav
          id={navId}
          aria-label="Halaman panitia"
          className={`${open ? 'block' : 'hidden'} rounded-2xl bg-white p-2 shadow-sm ring-1 ring-black/5 md:block`}
        >
          {GROUPS.map((group) => (
            <div key={group.label} className="py-1">
              <p className="px-3 pt-1 pb-0.5 text-xs font-semibold text-neutral-700">{group.label}</p>
              <ul className="flex flex-col">
                {group.pages.map((page) => (
                  <li key={page.path}>
                    <NavLink
                      to={{ pathname: `/panitia/${page.path}`, search }}
                      className={({ isActive }) =>
                        `flex min-h-11 items-center rounded-lg md:min-h-9 px-3 text-sm font-semibold ${
                          isActive ? 'bg-brand text-on-brand' : 'text-neutral-800 hover:bg-neutral-100'
                        }`
                      }
                    >
                      {page.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
