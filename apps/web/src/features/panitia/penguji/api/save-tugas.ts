import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult, type TugasBody } from '@ukt/core';
import { apiPut } from '../../../../lib/api-client';

/** PUT /panitia/penguji/{id_pemilih}/tugas: replaces an examiner's events and posts; resolves to the server's message. */
export async function saveTugas(idPemilih: string, body: TugasBody): Promise<string> {
  const answer = ApiResult.safeParse(await apiPut<unknown>(API.panitia.pengujiTugas.href(idPemilih), body));
  return (answer.success && answer.data.message) || 'Tugas penguji disimpan.';
}

/** Saves an examiner's assignment; the examiner list is read again. */
export function useSaveTugas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idPemilih, body }: { idPemilih: string; body: TugasBody }) => saveTugas(idPemilih, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['panitia', 'penguji'] }),
  });
}
