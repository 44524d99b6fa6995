import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, apiResult, PenandatanganKegiatan, PenandatanganSet } from '@ukt/core';
import { apiGet, apiPut } from '../../../../lib/api-client';

const Answer = apiResult(PenandatanganSet);
const KEY = ['panitia', 'organisasi', 'penandatangan'] as const;

/** GET /panitia/organisasi/penandatangan: who signs the piagam and the berita acara. */
export async function getPenandatangan(signal?: AbortSignal): Promise<PenandatanganSet> {
  const answer = Answer.safeParse(
    await apiGet<unknown>(API.panitia.organisasiPenandatangan.href(), undefined, { signal }),
  );
  if (!answer.success) throw new Error('Data penandatangan tidak dapat dibaca.');
  return answer.data.data;
}

/** The signatories with their loading and error state. */
export function usePenandatangan() {
  return useQuery(queryOptions({ queryKey: KEY, queryFn: ({ signal }) => getPenandatangan(signal) }));
}

/** PUT /panitia/organisasi/penandatangan; the answer replaces the cached copy. */
export function useUpdatePenandatangan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PenandatanganSet) => {
      const answer = Answer.safeParse(
        await apiPut<unknown>(API.panitia.organisasiPenandatangan.href(), input),
      );
      if (!answer.success) throw new Error('Data penandatangan tidak dapat dibaca.');
      return { set: answer.data.data, message: answer.data.message ?? 'Penandatangan disimpan.' };
    },
    onSuccess: ({ set }) => queryClient.setQueryData(KEY, set),
  });
}

const EventAnswer = apiResult(PenandatanganKegiatan);
const eventKey = (idUkt: string) => ['panitia', 'kegiatan', idUkt, 'penandatangan'] as const;

/** GET /panitia/kegiatan/{id_ukt}/penandatangan: the event's own signatories and the organisation's. */
export function usePenandatanganKegiatan(idUkt: string) {
  return useQuery(
    queryOptions({
      queryKey: eventKey(idUkt),
      queryFn: async ({ signal }) => {
        const answer = EventAnswer.safeParse(
          await apiGet<unknown>(API.panitia.kegiatanPenandatangan.href(idUkt), undefined, { signal }),
        );
        if (!answer.success) throw new Error('Data penandatangan tidak dapat dibaca.');
        return answer.data.data;
      },
    }),
  );
}

/** PUT /panitia/kegiatan/{id_ukt}/penandatangan; the answer replaces the cached copy. */
export function useUpdatePenandatanganKegiatan(idUkt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PenandatanganSet) => {
      const answer = EventAnswer.safeParse(
        await apiPut<unknown>(API.panitia.kegiatanPenandatangan.href(idUkt), input),
      );
      if (!answer.success) throw new Error('Data penandatangan tidak dapat dibaca.');
      return { set: answer.data.data, message: answer.data.message ?? 'Penandatangan disimpan.' };
    },
    onSuccess: ({ set }) => queryClient.setQueryData(eventKey(idUkt), set),
  });
}
