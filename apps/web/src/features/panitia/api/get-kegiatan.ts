import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, PanitiaKegiatan } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

const KegiatanAnswer = apiResult(PanitiaKegiatan.array());

/** Which events the list holds: current ('0'), archived ('1') or both. */
export type ArsipFilter = '0' | '1' | 'semua';

/** GET /panitia/kegiatan: the organisation's events with their counts. */
export async function getKegiatan(arsip: ArsipFilter, signal?: AbortSignal): Promise<PanitiaKegiatan[]> {
  const answer = KegiatanAnswer.safeParse(
    await apiGet<unknown>(API.panitia.kegiatan.href(), { arsip }, { signal }),
  );
  if (!answer.success) throw new Error('Data kegiatan tidak dapat dibaca.');
  return answer.data.data;
}

// The console's answers are the organisation's, the same for every committee admin, so unlike the
// examiner's lists (decision 034) their keys need not name the signed-in examiner.
/** The events of the console, current or archived. */
export function getKegiatanQueryOptions(arsip: ArsipFilter) {
  return queryOptions({
    queryKey: ['panitia', 'kegiatan', arsip],
    queryFn: ({ signal }) => getKegiatan(arsip, signal),
  });
}

/** The console's event list with its loading and error state. */
export function useKegiatan(arsip: ArsipFilter) {
  return useQuery(getKegiatanQueryOptions(arsip));
}
