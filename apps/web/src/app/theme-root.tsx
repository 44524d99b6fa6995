import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useOrganisasi } from '../lib/organisasi';
import { applyTheme } from '../lib/theme';

/** The root of every route: keeps the organisation's colour applied. */
export function ThemeRoot() {
  const organisasi = useOrganisasi();
  useEffect(() => applyTheme(organisasi?.warna), [organisasi?.warna]);
  return <Outlet />;
}
