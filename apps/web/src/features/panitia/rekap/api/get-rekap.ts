import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, RekapMeta, type RekapQuery, RekapRow } from '@ukt/core';
import { z } from 'zod';
import { apiGet } from '../../../../lib/api-client';

const RekapAnswer = z.object({ success: z.literal(true), data: z.array(RekapRow), meta: RekapMeta });
export type Rekap = z.infer<typeof RekapAnswer>;

/** What the recap is asked for ('' ids: no filter). */
export type RekapFilter = Omit<RekapQuery, 'id_perwapus' | 'id_cabang' | 'id_ranting' | 'id_rayon'> & {
  id_perwapus: string;
  id_cabang: string;
  id_ranting: string;
  id_rayon: string;
};

/** GET /panitia/kegiatan/{id_ukt}/rekap: one row per participant under the event's pass rule. */
export async function getRekap(idUkt: string, filter: RekapFilter, signal?: AbortSignal): Promise<Rekap> {
  const answer = RekapAnswer.safeParse(
    await apiGet<unknown>(API.panitia.rekap.href(idUkt), { ...filter }, { signal }),
  );
  if (!answer.success) throw new Error('Rekap nilai tidak dapat dibaca.');
  return answer.data;
}

/** An event's recap; nothing is fetched until an event is chosen. */
export function useRekap(idUkt: string, filter: RekapFilter) {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'rekap', idUkt, filter],
      queryFn: ({ signal }) => getRekap(idUkt, filter, signal),
      enabled: idUkt !== '',
      placeholderData: keepPreviousData,
    }),
  );
}
