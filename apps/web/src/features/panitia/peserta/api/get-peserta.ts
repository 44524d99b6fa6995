import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PanitiaPesertaList } from '@ukt/core';
import { apiGet } from '../../../../lib/api-client';

/** What the participant list of an event is asked for ('' ids: no filter). */
export interface PesertaQuery {
  cari: string;
  id_perwapus: string;
  id_cabang: string;
  id_ranting: string;
  id_rayon: string;
  status: 'aktif' | 'mundur' | 'semua';
  hal: number;
}

/** GET /panitia/kegiatan/{id_ukt}/peserta: a page of an event's participants, who holds them at each post. */
export async function getPeserta(idUkt: string, query: PesertaQuery, signal?: AbortSignal) {
  const answer = PanitiaPesertaList.safeParse(
    await apiGet<unknown>(API.panitia.peserta.href(idUkt), { ...query }, { signal }),
  );
  if (!answer.success) throw new Error('Data peserta tidak dapat dibaca.');
  return answer.data;
}

/** A page of an event's participants; nothing is fetched until an event is chosen. */
export function usePeserta(idUkt: string, query: PesertaQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'peserta', idUkt, query],
      queryFn: ({ signal }) => getPeserta(idUkt, query, signal),
      enabled: idUkt !== '',
      placeholderData: keepPreviousData,
    }),
  );
}
