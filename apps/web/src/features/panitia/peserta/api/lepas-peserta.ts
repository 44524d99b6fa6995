import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult, type PostFlag } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { pesertaChanged } from './peserta-changed';

/**
 * POST …/peserta/{id_siswa}/lepas: releases a participant an examiner holds at a post (their phone
 * died), so another examiner can take them. Resolves to the server's message.
 */
export async function lepasPeserta(idUkt: string, idSiswa: string, pos: PostFlag): Promise<string> {
  const answer = ApiResult.safeParse(
    await apiPost<unknown>(API.panitia.pesertaLepas.href(idUkt, idSiswa), { pos }),
  );
  return (answer.success && answer.data.message) || 'Peserta dilepas.';
}

/** Releases a participant at a post; the event's lists are read again. */
export function useLepasPeserta(idUkt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idSiswa, pos }: { idSiswa: string; pos: PostFlag }) => lepasPeserta(idUkt, idSiswa, pos),
    onSuccess: () => pesertaChanged(queryClient, idUkt),
  });
}
