import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { preloadDialogs } from '../lib/dialogs';
import { useOrganisasi } from '../lib/organisasi';
import { applyTheme } from '../lib/theme';

/** The root of every route: keeps the organisation's colour applied and warms up the dialogs. */
export function ThemeRoot() {
  const organisasi = useOrganisasi();
  useEffect(() => applyTheme(organisasi?.warna), [organisasi?.warna]);
  useEffect(() => {
    // The dialog library stays out of the first load (DESIGN §8) but is fetched once the page is idle.
    const id = window.setTimeout(preloadDialogs, 1500);
    return () => window.clearTimeout(id);
  }, []);
  return <Outlet />;
}
