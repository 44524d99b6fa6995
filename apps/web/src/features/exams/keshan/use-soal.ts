import { type Belt, Soal } from '@ukt/core';
import { useEffect, useState } from 'react';
import { ApiError, apiGet } from '../../../lib/api-client';
import { EXAM_KEYS, examKey, examOwner, readExam, writeExam } from '../../../lib/exam-storage';
import { cachedSoal } from '../../../lib/offline';

const SoalList = Soal.array();

/** Loading state of a belt's KESHAN questions. */
export type SoalState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; soal: Soal[] };

/**
 * The belt's 20 questions: from the local SOAL cache when there, else GET /keshan/soal/{belt}
 * (cached per event and belt so the participants after the first need no signal), or with no
 * signal the copy kept in IndexedDB when the event was chosen.
 */
export function useSoal(idUkt: number, belt: Belt): { state: SoalState; retry: () => void } {
  const key = examKey(EXAM_KEYS.soal, belt);
  const owner = examOwner(idUkt);
  const [state, setState] = useState<SoalState>(() => {
    const cached = readExam<Soal[] | null>(key, owner, null);
    return cached?.length ? { status: 'ready', soal: cached } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // attempt is read so that a retry runs this effect again.
    if (attempt < 0 || readExam<Soal[] | null>(key, owner, null)?.length) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    apiGet<{ data?: unknown }>(`/keshan/soal/${belt}`, undefined, { signal: controller.signal })
      .then((answer) => answer.data)
      // No signal: the copy kept when the event was chosen (DESIGN §7 'questions ahead').
      .catch(async (error: unknown) => {
        const cached = error instanceof ApiError && error.status === 0 ? await cachedSoal(belt) : null;
        if (!cached) throw error;
        return cached;
      })
      .then((data) => {
        const parsed = SoalList.safeParse(data);
        if (!parsed.success || parsed.data.length === 0) {
          setState({ status: 'error', message: 'Soal KESHAN belum tersedia untuk tingkat ini.' });
          return;
        }
        const soal = [...parsed.data].sort((a, b) => a.no - b.no);
        writeExam(key, owner, soal);
        setState({ status: 'ready', soal });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [attempt, belt, key, owner]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
