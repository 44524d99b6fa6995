import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, AturanLulus, apiResult, type PassRule } from '@ukt/core';
import { apiGet, apiPut } from '../../../../lib/api-client';
import { hasilChanged } from '../../api/hasil-changed';

const AturanAnswer = apiResult(AturanLulus);

/** GET /panitia/kegiatan/{id_ukt}/aturan: the event's pass rule and its version (0: the default). */
export async function getAturan(idUkt: string, signal?: AbortSignal): Promise<AturanLulus> {
  const answer = AturanAnswer.safeParse(
    await apiGet<unknown>(API.panitia.aturan.href(idUkt), {}, { signal }),
  );
  if (!answer.success) throw new Error('Aturan kelulusan tidak dapat dibaca.');
  return answer.data.data;
}

/** The event's pass rule. */
export function useAturan(idUkt: string) {
  return useQuery(
    queryOptions({
      queryKey: ['panitia', 'aturan', idUkt],
      queryFn: ({ signal }) => getAturan(idUkt, signal),
      enabled: idUkt !== '',
    }),
  );
}

/** PUT …/aturan: stores the rule as a new version; the recap follows it at once. */
export function useSaveAturan(idUkt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rule: PassRule) => {
      const answer = AturanAnswer.safeParse(await apiPut<unknown>(API.panitia.aturan.href(idUkt), rule));
      if (!answer.success)
        throw new Error('Aturan tersimpan, tetapi jawabannya tidak dapat dibaca. Muat ulang halaman.');
      return answer.data.data;
    },
    onSuccess: () => hasilChanged(queryClient, idUkt),
  });
}
