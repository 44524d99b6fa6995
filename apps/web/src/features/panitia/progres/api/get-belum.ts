import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, BelumList, type KomponenKey } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';
import type { Region } from '../../components/region-selects';
import { progresKey } from './get-progres';

/** What the list of participants still lacking an exam is asked for ('' ids: no filter). */
export interface BelumQuery extends Region {
  ujian: KomponenKey;
  hal: number;
}

/** GET …/progres/belum: a page of 20 participants still without a score for an exam. */
export async function getBelum(idUkt: string, query: BelumQuery, signal?: AbortSignal) {
  const answer = BelumList.safeParse(
    await apiGet<unknown>(API.panitia.progresBelum.href(idUkt), { ...query }, { signal }),
  );
  if (!answer.success) throw new Error('Daftar peserta yang belum dinilai tidak dapat dibaca.');
  return answer.data;
}

/** Who still lacks an exam; kept under the progress key, so a live refresh reads it again too. */
export function useBelum(idUkt: string, query: BelumQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...progresKey(idUkt), 'belum', query],
      queryFn: ({ signal }) => getBelum(idUkt, query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
