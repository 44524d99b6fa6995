import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult, type PengujiInput } from '@ukt/core';
import { apiPost, apiPut } from '../../../../lib/api-client';

/** POST /panitia/penguji (a new examiner) or PUT /panitia/penguji/{id_pemilih}; resolves to the server's message. */
export async function savePenguji(idPemilih: string | null, input: PengujiInput): Promise<string> {
  const answer = ApiResult.safeParse(
    idPemilih === null
      ? await apiPost<unknown>(API.panitia.penguji.href(), input)
      : await apiPut<unknown>(API.panitia.pengujiById.href(idPemilih), input),
  );
  return (answer.success && answer.data.message) || 'Penguji disimpan.';
}

/** Saves an examiner; the examiner list is read again. */
export function useSavePenguji() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idPemilih, input }: { idPemilih: string | null; input: PengujiInput }) =>
      savePenguji(idPemilih, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['panitia', 'penguji'] }),
  });
}
