import type { CadanganGagal } from '@ukt/core';
import type { ReactNode } from 'react';
import { formatWaktu } from './format';

/**
 * The warning that the last scheduled backup failed, shown on Cadangan and Progres until a backup
 * succeeds (docs/decisions/122): when, the server's reason and what to do, and what it means for
 * today's scores. `children` adds what the page offers (a link to Cadangan).
 */
export function CadanganGagalAlert({ gagal, children }: { gagal: CadanganGagal; children?: ReactNode }) {
  return (
    <div
      role="alert"
      data-testid="cadangan-gagal"
      className="flex flex-col gap-1.5 rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-2 ring-red-300"
    >
      <p className="text-base font-bold">
        Cadangan otomatis gagal{' '}
        <span className="font-normal whitespace-nowrap">
          ({formatWaktu(gagal.gagal_at, { detik: true })})
        </span>
      </p>
      <p className="break-words">{gagal.pesan}</p>
      <p>
        Sampai ada cadangan yang berhasil, nilai hari ini hanya ada di server ini. Setelah diperbaiki, buat
        cadangan sekarang; peringatan ini hilang begitu cadangan berhasil.
      </p>
      {children}
    </div>
  );
}
