import { Suspense } from 'react';
import { NavLink, Outlet, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';

/** The console's pages, in the order of DESIGN §9's table. */
const PAGES = [
  { path: 'kegiatan', label: 'Kegiatan' },
  { path: 'impor', label: 'Impor' },
  { path: 'penguji', label: 'Penguji' },
  { path: 'peserta', label: 'Peserta' },
  { path: 'soal', label: 'Soal KESHAN' },
  { path: 'organisasi', label: 'Organisasi' },
  { path: 'progres', label: 'Progres' },
  { path: 'rekap', label: 'Rekap' },
  { path: 'audit', label: 'Audit' },
  { path: 'sambungkan', label: 'Sambungkan HP' },
  { path: 'cadangan', label: 'Cadangan' },
] as const;

/** The console's frame: its title and the page tabs (a scrolling row on a phone), then the page. */
export function PanitiaLayout() {
  // The event chosen on one page stays chosen on the next (Peserta → Progres → Rekap).
  const [params] = useSearchParams();
  const ukt = params.get('ukt');
  const search = ukt ? `?ukt=${encodeURIComponent(ukt)}` : '';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-widest text-neutral-500 uppercase">Konsol Panitia</p>
        <nav aria-label="Halaman panitia" className="-mx-3 overflow-x-auto px-3">
          <ul className="flex gap-2">
            {PAGES.map((page) => (
              <li key={page.path} className="shrink-0">
                <NavLink
                  to={{ pathname: `/panitia/${page.path}`, search }}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 whitespace-nowrap ${
                      isActive
                        ? 'bg-brand text-on-brand ring-brand'
                        : 'bg-white text-neutral-800 ring-neutral-300 hover:bg-neutral-50'
                    }`
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
