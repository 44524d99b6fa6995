import { BELTS } from '@ukt/core';
import { Link, useLocation } from 'react-router';

/** /SabukPolos … /SabukPutih: the belt-stage pages of the belt list (SPEC §2), showing the stage. */
export function SabukPage() {
  const { pathname } = useLocation();
  const belt = BELTS.find((b) => b.link.toLowerCase() === pathname.toLowerCase());
  return (
    <section className="rounded-2xl bg-white p-6 text-center shadow-sm">
      <p className="text-sm text-neutral-500">Tingkat</p>
      <h1 className="mt-1 text-xl font-bold">{belt?.nama ?? 'Sabuk'}</h1>
      <Link
        to="/"
        className="mt-4 inline-block min-h-11 rounded-xl bg-brand px-5 py-3 font-semibold text-on-brand"
      >
        Kembali
      </Link>
    </section>
  );
}
