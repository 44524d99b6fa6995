import { fetchEventSource } from '@microsoft/fetch-event-source';
import { useQueryClient } from '@tanstack/react-query';
import { API, LiveEvent } from '@ukt/core';
import { useEffect, useState } from 'react';
import { apiOpen } from '../../../../lib/api-client';
import { progresKey } from './get-progres';

/** Whether the page follows the event live: connecting, live, or cut off (and retrying). */
export type LiveState = 'menyambung' | 'langsung' | 'terputus';

/** How long the page gathers stream events before it reads the progress again (a busy day sends many). */
const GATHER_MS = 400;
/** How long after a cut the stream is opened again. */
const RETRY_MS = 3_000;

/** The stream refused for good (the session is gone or the event does not exist): no retry. */
class StreamRefused extends Error {}

/**
 * Follows GET /panitia/kegiatan/{id_ukt}/stream (Server-Sent Events read with fetch, the token in
 * the access-token header — never in the URL) and reads the event's progress again after each
 * take or score write. Reconnects by itself; whenever the stream opens again, and whenever the
 * server says it is live again after its own link to the database was down, it reads the progress
 * again, so what happened in between is caught up (docs/decisions/160). Returns the state and when
 * the last write arrived.
 */
export function useLiveProgres(idUkt: string): { state: LiveState; terakhir: string | null } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('menyambung');
  const [terakhir, setTerakhir] = useState<string | null>(null);

  useEffect(() => {
    if (!idUkt) return;
    const abort = new AbortController();
    let timer: number | undefined;
    const refresh = () => {
      if (timer !== undefined) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: progresKey(idUkt) });
      }, GATHER_MS);
    };
    setState('menyambung');
    setTerakhir(null);

    const path = API.panitia.stream.href(idUkt);
    void fetchEventSource(path, {
      signal: abort.signal,
      // A dashboard left in a background tab stays live.
      openWhenHidden: true,
      headers: { accept: 'text/event-stream' },
      fetch: (_input, init) => apiOpen(path, init ?? {}),
      async onopen(response) {
        if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) {
          refresh();
          return;
        }
        if (response.status === 401 || response.status === 403 || response.status === 404) {
          throw new StreamRefused(String(response.status));
        }
        throw new Error(`stream ${response.status}`);
      },
      onmessage(message) {
        if (message.event === 'status') {
          // The server's own link to other processes (PostgreSQL LISTEN) may be down: not live.
          // Live again (or live from the start), it may have missed writes in between: read again.
          const live = (JSON.parse(message.data) as { live?: boolean }).live === true;
          setState(live ? 'langsung' : 'terputus');
          if (live) refresh();
          return;
        }
        if (message.event !== 'ukt') return;
        const event = LiveEvent.safeParse(JSON.parse(message.data));
        if (!event.success) return;
        setState('langsung');
        setTerakhir(event.data.at);
        refresh();
      },
      onclose() {
        // The server ended the stream (it restarted): open it again.
        throw new Error('stream closed');
      },
      onerror(error) {
        if (error instanceof StreamRefused) throw error;
        setState('terputus');
        return RETRY_MS;
      },
    }).catch(() => {
      if (!abort.signal.aborted) setState('terputus');
    });

    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [idUkt, queryClient]);

  return { state, terakhir };
}
