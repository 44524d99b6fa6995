import type { PageMeta, SiswaRow } from '@ukt/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { cachedRosterPage } from '../../../lib/offline';
import { getSiswa, type SiswaListQuery } from '../api/get-siswa';

interface ListState {
  rows: SiswaRow[] | null;
  meta: PageMeta | null;
  error: string | null;
  loading: boolean;
  /** Set when the page comes from the phone's copy (no signal): when that copy was fetched. */
  offlineAt: number | null;
}

/** The page from the roster kept on the phone when the server cannot be reached, else null. */
async function offlinePage(error: unknown, query: SiswaListQuery, examinerId: string) {
  if (!(error instanceof ApiError) || error.status !== 0) return null;
  // The copy holds the examiner's whole scope; the ranting/rayon filters need the server.
  return cachedRosterPage(query, examinerId);
}

/** One page of participants for a query; reload() fetches it again ('Cek Baru'). */
export function useSiswaList(query: SiswaListQuery, examinerId: string): ListState & { reload: () => void } {
  const [state, setState] = useState<ListState>({
    rows: null,
    meta: null,
    error: null,
    loading: true,
    offlineAt: null,
  });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query's contents; attempt forces a reload
  useEffect(() => {
    const controller = new AbortController();
    const wanted = JSON.parse(key) as SiswaListQuery;
    // The previous page stays on screen (dimmed) while the next one loads.
    setState((s) => ({ ...s, error: null, loading: true }));
    getSiswa(wanted, controller.signal)
      .then(({ rows, meta }) => setState({ rows, meta, error: null, loading: false, offlineAt: null }))
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        const cached = await offlinePage(error, wanted, examinerId).catch(() => null);
        if (controller.signal.aborted) return;
        if (cached) {
          setState({
            rows: cached.rows,
            meta: cached.meta,
            error: null,
            loading: false,
            offlineAt: cached.fetchedAt,
          });
          return;
        }
        setState({
          rows: [],
          meta: null,
          error: error instanceof Error ? error.message : String(error),
          loading: false,
          offlineAt: null,
        });
      });
    return () => controller.abort();
  }, [key, attempt, examinerId]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
