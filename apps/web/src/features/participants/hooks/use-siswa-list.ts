import type { PageMeta, SiswaRow } from '@ukt/core';
import { useCallback, useEffect, useState } from 'react';
import { getSiswa, type SiswaListQuery } from '../api/get-siswa';

/** One page of participants for a query; reload() fetches it again ('Cek Baru'). */
export function useSiswaList(query: SiswaListQuery): {
  rows: SiswaRow[] | null;
  meta: PageMeta | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
} {
  const [state, setState] = useState<{
    rows: SiswaRow[] | null;
    meta: PageMeta | null;
    error: string | null;
    loading: boolean;
  }>({ rows: null, meta: null, error: null, loading: true });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query's contents; attempt forces a reload
  useEffect(() => {
    const controller = new AbortController();
    // The previous page stays on screen (dimmed) while the next one loads.
    setState((s) => ({ ...s, error: null, loading: true }));
    getSiswa(JSON.parse(key) as SiswaListQuery, controller.signal)
      .then(({ rows, meta }) => setState({ rows, meta, error: null, loading: false }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setState({
            rows: [],
            meta: null,
            error: error instanceof Error ? error.message : String(error),
            loading: false,
          });
        }
      });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
