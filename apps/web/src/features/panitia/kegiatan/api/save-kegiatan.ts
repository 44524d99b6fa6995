import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult, type KegiatanInput } from '@ukt/core';
import { apiPost, apiPut } from '../../../../lib/api-client';

/**
 * POST /panitia/kegiatan (a new event) or PUT /panitia/kegiatan/{id_ukt} (an edit); the answer's
 * message is what the committee is told.
 */
export async function saveKegiatan(idUkt: string | null, input: KegiatanInput): Promise<string> {
  const answer = ApiResult.safeParse(
    idUkt === null
      ? await apiPost<unknown>(API.panitia.kegiatan.href(), input)
      : await apiPut<unknown>(API.panitia.kegiatanById.href(idUkt), input),
  );
  return (answer.success && answer.data.message) || 'Kegiatan disimpan.';
}

/** Saves an event; the console's event lists and the examiners' event list are read again. */
export function useSaveKegiatan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idUkt, input }: { idUkt: string | null; input: KegiatanInput }) =>
      saveKegiatan(idUkt, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['panitia', 'kegiatan'] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
