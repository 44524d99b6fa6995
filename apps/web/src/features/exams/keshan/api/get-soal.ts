import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Belt, Soal } from '@ukt/core';
import { ApiError, apiGet } from '../../../../lib/api-client';
import { EXAM_KEYS, examKey, examOwner, readExam, writeExam } from '../../../../lib/exam-storage';
import { cachedSoal } from '../../../../lib/offline';

const SoalList = Soal.array();

/** The questions as the server sent them or, with no signal, the copy kept when the event was chosen. */
async function soalData(belt: Belt, signal?: AbortSignal): Promise<unknown> {
  try {
    const answer = await apiGet<{ data?: unknown }>(
      API.keshanSoal.href(belt),
      undefined,
      signal ? { signal } : undefined,
    );
    return answer.data;
  } catch (error) {
    // DESIGN §7 'questions ahead': only when the server cannot be reached (decision 071).
    const cached = error instanceof ApiError && error.status === 0 ? await cachedSoal(belt) : null;
    if (!cached) throw error;
    return cached;
  }
}

/** GET /keshan/soal/{belt}: the belt's 20 questions in order, from the server or the phone's copy. */
export async function getSoal(belt: Belt, signal?: AbortSignal): Promise<Soal[]> {
  const parsed = SoalList.safeParse(await soalData(belt, signal));
  if (!parsed.success || parsed.data.length === 0) {
    throw new Error('Soal KESHAN belum tersedia untuk tingkat ini.');
  }
  return [...parsed.data].sort((a, b) => a.no - b.no);
}

/**
 * The belt's questions for an event. The SOAL key in localStorage is their cache (SPEC §3): when it
 * holds them nothing is fetched; a fetch fills it. The query keeps no copy of its own (gcTime 0), so
 * the SOAL key a new participant clears is fetched again, as SPEC §4 wants.
 */
export function getSoalQueryOptions(idUkt: number, belt: Belt) {
  const key = examKey(EXAM_KEYS.soal, belt);
  const owner = examOwner(idUkt);
  return queryOptions({
    queryKey: ['soal', idUkt, belt],
    queryFn: async ({ signal }) => {
      const soal = await getSoal(belt, signal);
      writeExam(key, owner, soal);
      return soal;
    },
    initialData: () => {
      const stored = readExam<Soal[] | null>(key, owner, null);
      return stored?.length ? stored : undefined;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** The belt's KESHAN questions; refetch() is 'Coba lagi'. */
export function useSoal(idUkt: number, belt: Belt) {
  return useQuery(getSoalQueryOptions(idUkt, belt));
}
