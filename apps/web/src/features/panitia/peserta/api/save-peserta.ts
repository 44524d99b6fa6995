import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult, type PesertaInput } from '@ukt/core';
import { apiPost, apiPut } from '../../../../lib/api-client';
import { pesertaChanged } from './peserta-changed';

/**
 * POST /panitia/kegiatan/{id_ukt}/peserta (a new participant) or PUT …/peserta/{id_siswa};
 * resolves to the server's message.
 */
export async function savePeserta(
  idUkt: string,
  idSiswa: string | null,
  input: PesertaInput,
): Promise<string> {
  const answer = ApiResult.safeParse(
    idSiswa === null
      ? await apiPost<unknown>(API.panitia.peserta.href(idUkt), input)
      : await apiPut<unknown>(API.panitia.pesertaById.href(idUkt, idSiswa), input),
  );
  return (answer.success && answer.data.message) || 'Peserta disimpan.';
}

/** Saves a participant of an event; its lists are read again. */
export function useSavePeserta(idUkt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idSiswa, input }: { idSiswa: string | null; input: PesertaInput }) =>
      savePeserta(idUkt, idSiswa, input),
    onSuccess: () => pesertaChanged(queryClient, idUkt),
  });
}
