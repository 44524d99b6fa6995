import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, apiResult, Kegiatan } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

const EventsAnswer = apiResult(Kegiatan.array());

/** GET /DataSiswa/UKT: the organisation's exam events, newest first. */
export async function getEvents(signal?: AbortSignal): Promise<Kegiatan[]> {
  const answer = EventsAnswer.safeParse(
    await apiGet<unknown>(API.kegiatan.href(), undefined, signal ? { signal } : undefined),
  );
  if (!answer.success) throw new Error('Data kegiatan tidak dapat dibaca.');
  return answer.data.data;
}

/** The event list as the examiner's token sees it (the key names them: nothing carries over a sign-out). */
export function getEventsQueryOptions(examinerId: string) {
  return queryOptions({
    queryKey: ['events', examinerId],
    queryFn: ({ signal }) => getEvents(signal),
  });
}

/** The event list with its loading and error state; refetch() is 'Coba lagi'. */
export function useEvents(examinerId: string) {
  return useQuery(getEventsQueryOptions(examinerId));
}
