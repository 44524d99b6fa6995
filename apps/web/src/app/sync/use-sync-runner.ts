import { useEffect } from 'react';
import { flushOutbox } from '../../lib/outbox';
import { useSession } from '../../lib/session';

// The phone's copies (lib/offline) validate what they store with the contract's schemas: loaded
// on their own, after the header is drawn, so starting the app never evaluates them in one go
// with the outbox (docs/decisions/059).
const offline = () => import('../../lib/offline');

/** Runs `task` once the browser is idle (at the latest after 3 s); returns a cancel. */
function whenIdle(task: () => void): () => void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = globalThis.setTimeout(task, 1_000);
  return () => globalThis.clearTimeout(id);
}

/**
 * The app's background work for DESIGN §7: send what waits on the phone when the app opens and after
 * each sign-in, and keep the chosen event's participants and questions on the phone (on choosing it,
 * on every app start and whenever the signal returns).
 */
export function useSyncRunner(): void {
  const { examiner, idUkt, belt } = useSession();
  const examinerId = examiner?.id_pemilih;

  useEffect(() => {
    if (examinerId) void flushOutbox().catch(() => undefined);
  }, [examinerId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the examiner object changes identity on every store write; its id decides
  useEffect(() => {
    if (!examiner || idUkt === null) return;
    const controller = new AbortController();
    const warm = () =>
      void offline()
        .then(({ warmEventCache }) => warmEventCache(idUkt, belt, examiner, controller.signal))
        .catch(() => undefined);
    // The copy is for later (no signal at the next participant): it waits until the screen the
    // examiner opened is drawn and the phone is idle, so it never slows the first paint of the hub.
    const idle = whenIdle(warm);
    window.addEventListener('online', warm);
    return () => {
      idle();
      controller.abort();
      window.removeEventListener('online', warm);
    };
  }, [examinerId, idUkt, belt]);
}
