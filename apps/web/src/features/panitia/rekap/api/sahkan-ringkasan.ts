import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, SahkanRingkasan } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

const Answer = apiResult(SahkanRingkasan);

/** GET …/sahkan: what ratifying the event now would seal (docs/decisions/111). */
export async function getSahkanRingkasan(idUkt: string, signal?: AbortSignal): Promise<SahkanRingkasan> {
  const answer = Answer.safeParse(
    await apiGet<unknown>(API.panitia.sahkan.href(idUkt), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Ringkasan pengesahan tidak dapat dibaca.');
  return answer.data.data;
}

/** The summary, read afresh each time the ratification form opens. */
export function useSahkanRingkasan(idUkt: string) {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'sahkan-ringkasan', idUkt],
      queryFn: ({ signal }) => getSahkanRingkasan(idUkt, signal),
      staleTime: 0,
      gcTime: 0,
    }),
  );
}
