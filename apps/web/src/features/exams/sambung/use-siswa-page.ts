import { PageMeta, SiswaRow } from '@ukt/core';
import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client';

const Rows = SiswaRow.array();

/** A page of the sambung participant list as it loads. */
export type SiswaPage =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: SiswaRow[]; totalPages: number };

/** One page of GET /DataSiswa/siswa as the sambung screen asks it: hal, nama, posUjian 4, id_ukt (SPEC §7). */
export function useSiswaPage(idUkt: number, hal: number, nama: string, attempt: number): SiswaPage {
  const [page, setPage] = useState<SiswaPage>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the request (retry button)
  useEffect(() => {
    const controller = new AbortController();
    setPage({ status: 'loading' });
    apiGet<{ data?: unknown; meta?: unknown }>(
      '/DataSiswa/siswa',
      { hal, nama, posUjian: 4, id_ukt: idUkt },
      { signal: controller.signal },
    )
      .then((answer) => {
        const rows = Rows.safeParse(answer.data);
        const meta = PageMeta.safeParse(answer.meta);
        if (!rows.success) throw new Error('Data peserta tidak dapat dibaca.');
        setPage({ status: 'ready', rows: rows.data, totalPages: meta.success ? meta.data.total_pages : 1 });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setPage({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [idUkt, hal, nama, attempt]);
  return page;
}
