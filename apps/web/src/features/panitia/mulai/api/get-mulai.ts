import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, MulaiStatus } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

const MulaiAnswer = apiResult(MulaiStatus);

/** GET /panitia/mulai: the demo still there, and the organisation's own events, examiners and participants. */
export async function getMulai(signal?: AbortSignal): Promise<MulaiStatus> {
  const answer = MulaiAnswer.safeParse(
    await apiGet<unknown>(API.panitia.mulai.href(), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Langkah pertama tidak dapat dibaca.');
  return answer.data.data;
}

/** The first steps of the console, under the events' key: a new or imported event reads them again. */
export function getMulaiQueryOptions() {
  return queryOptions({
    queryKey: ['panitia', 'kegiatan', 'mulai'],
    queryFn: ({ signal }) => getMulai(signal),
  });
}

/** The first steps with their loading state. */
export function useMulai() {
  return useQuery(getMulaiQueryOptions());
}
