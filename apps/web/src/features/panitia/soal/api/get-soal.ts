import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, PanitiaSoal } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

const SoalAnswer = apiResult(PanitiaSoal.array());

/** GET /panitia/soal/{tingkat}: a belt's KESHAN questions with their keys (only the console sees keys). */
export async function getSoal(tingkat: string, signal?: AbortSignal): Promise<PanitiaSoal[]> {
  const answer = SoalAnswer.safeParse(
    await apiGet<unknown>(API.panitia.soal.href(tingkat), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Data soal tidak dapat dibaca.');
  return answer.data.data;
}

/** A belt's questions with their loading and error state. */
export function useSoal(tingkat: string) {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'soal', tingkat],
      queryFn: ({ signal }) => getSoal(tingkat, signal),
    }),
  );
}
