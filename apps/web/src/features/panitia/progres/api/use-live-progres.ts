import { useQueryClient } from '@tanstack/react-query';
import { API, LiveEvent } from '@ukt/core';
import { useEffect, useState } from 'react';
import { apiOpen } from '../../../../lib/api-client';
import { readEventStream, type StreamMessage } from './event-stream';
import { progresKey } from './get-progres';

/** Whether the page follows the event live: connecting, live, or cut off (and retrying). */
export type LiveState = 'menyambung' | 'langsung' | 'terputus';

/** How long the page gathers stream events before it reads the progress again (a busy day sends many). */
const GATHER_MS = 400;
/** How long after a cut the stream is opened again. */
const RETRY_MS = 3_000;

/** The stream refused for good (the session is gone or the event does not exist): no retry. */
const REFUSED = new Set([401, 403, 404]);

/**
 * Follows GET /panitia/kegiatan/{id_ukt}/stream (Server-Sent Events read with fetch streaming by
 * ./event-stream, the token in the access-token header — never in the URL; docs/decisions/166)
 * and reads the event's progress again after each take or score write. Reconnects by itself; whenever the stream opens again, and whenever the
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

    const onMessage = (message: StreamMessage) => {
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
    };
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const pause = window.setTimeout(resolve, ms);
        const stop = () => {
          window.clearTimeout(pause);
          resolve();
        };
        abort.signal.addEventListener('abort', stop, { once: true });
      });

    // Open, read until the stream ends or fails, wait, open again; a dashboard left in a
    // background tab stays live. Only a refusal for good (or leaving the page) stops it.
    const path = API.panitia.stream.href(idUkt);
    void (async () => {
      while (!abort.signal.aborted) {
        try {
          const response = await apiOpen(path, {
            signal: abort.signal,
            headers: { accept: 'text/event-stream' },
          });
          if (REFUSED.has(response.status)) {
            void response.body?.cancel();
            setState('terputus');
            return;
          }
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
            void response.body?.cancel();
            throw new Error(`stream ${response.status}`);
          }
          refresh();
          // Resolves when the server ended the stream (it restarted): open it again.
          await readEventStream(response.body, onMessage);
        } catch {
          // A failed fetch, a cut read or a message that did not parse: retry below.
        }
        if (abort.signal.aborted) return;
        setState('terputus');
        await wait(RETRY_MS);
      }
    })();

    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [idUkt, queryClient]);

  return { state, terakhir };
}
