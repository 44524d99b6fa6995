import { useEffect } from 'react';
import { warmEventCache, watchScoredWrites } from '../../lib/offline';
import { flushOutbox } from '../../lib/outbox';
import { useSession } from '../../lib/session';

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

  // A saved score marks its exam as scored in the phone's roster copy (the picker's to-do marks).
  useEffect(() => (examinerId ? watchScoredWrites() : undefined), [examinerId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the examiner object changes identity on every store write; its id decides
  useEffect(() => {
    if (!examiner || idUkt === null) return;
    const controller = new AbortController();
    const warm = () => void warmEventCache(idUkt, belt, examiner, controller.signal).catch(() => undefined);
    warm();
    window.addEventListener('online', warm);
    return () => {
      controller.abort();
      window.removeEventListener('online', warm);
    };
  }, [examinerId, idUkt, belt]);
}
