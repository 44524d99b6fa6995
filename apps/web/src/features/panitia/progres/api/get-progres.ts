import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, Progres } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

const ProgresAnswer = apiResult(Progres);

/** GET /panitia/kegiatan/{id_ukt}/progres: counts per post and exam, per examiner, and unsent scores. */
export async function getProgres(idUkt: string, signal?: AbortSignal): Promise<Progres> {
  const answer = ProgresAnswer.safeParse(
    await apiGet<unknown>(API.panitia.progres.href(idUkt), {}, { signal }),
  );
  if (!answer.success) throw new Error('Data progres tidak dapat dibaca.');
  return answer.data.data;
}

/** The key under which an event's progress and its lists are cached; the live stream refreshes it. */
export const progresKey = (idUkt: string) => ['panitia', 'progres', idUkt] as const;

/** An event's progress; nothing is fetched until an event is chosen. */
export function useProgres(idUkt: string) {
  return useQuery(
    queryOptions({
      queryKey: progresKey(idUkt),
      queryFn: ({ signal }) => getProgres(idUkt, signal),
      enabled: idUkt !== '',
    }),
  );
}
