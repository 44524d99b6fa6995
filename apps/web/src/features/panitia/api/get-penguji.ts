import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PanitiaPengujiList } from '@ukt/core';
import { apiGet } from '../../../lib/api-client';

/** What the examiner list is asked for: a search, a page, and an event ('' for everyone). */
export interface PengujiQuery {
  cari: string;
  hal: number;
  /** Only the examiners assigned to this event ('' or missing: everyone). */
  idUkt?: string;
}

/** GET /panitia/penguji: a page of the organisation's examiners, searched by name or number and event. */
export async function getPenguji(query: PengujiQuery, signal?: AbortSignal) {
  const answer = PanitiaPengujiList.safeParse(
    await apiGet<unknown>(
      API.panitia.penguji.href(),
      { cari: query.cari, hal: query.hal, ...(query.idUkt ? { id_ukt: query.idUkt } : {}) },
      { signal },
    ),
  );
  if (!answer.success) throw new Error('Data penguji tidak dapat dibaca.');
  return answer.data;
}

/** The examiner page asked for; the previous page stays on screen, dimmed, while the next loads. */
export function usePenguji(query: PengujiQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'penguji', query],
      queryFn: ({ signal }) => getPenguji(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
