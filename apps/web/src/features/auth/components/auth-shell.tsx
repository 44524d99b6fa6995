import { type ReactNode, useEffect } from 'react';
import { loadPublicOrganisasi, logoUrl, useOrganisasi } from '../../../lib/organisasi';

/** The frame of the login screens: the organisation's logo and name over a card. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const organisasi = useOrganisasi();
  useEffect(() => {
    if (!organisasi) loadPublicOrganisasi();
  }, [organisasi]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col px-5 pt-10 pb-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <img
          src={logoUrl(organisasi)}
          alt=""
          width={88}
          height={88}
          fetchPriority="high"
          className="size-22 object-contain"
        />
        <p className="text-xs font-semibold tracking-widest text-neutral-600 uppercase">
          {organisasi?.nama_organisasi || 'UKT Penguji'}
        </p>
        <h1 className="text-2xl font-bold">{title}</h1>
      </div>
      <div className="mt-6 flex flex-col gap-5">{children}</div>
    </main>
  );
}
