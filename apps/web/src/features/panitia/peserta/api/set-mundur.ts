import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { pesertaChanged } from './peserta-changed';

/**
 * POST …/peserta/{id_siswa}/mundur: a withdrawn participant leaves the examiners' pickers and stays
 * in the records; `false` brings them back. Resolves to the server's message.
 */
export async function setMundur(idUkt: string, idSiswa: string, mundur: boolean): Promise<string> {
  const answer = ApiResult.safeParse(
    await apiPost<unknown>(API.panitia.pesertaMundur.href(idUkt, idSiswa), { mundur }),
  );
  return (answer.success && answer.data.message) || (mundur ? 'Peserta mundur.' : 'Peserta ikut lagi.');
}

/** Withdraws a participant or brings them back; the event's lists are read again. */
export function useSetMundur(idUkt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idSiswa, mundur }: { idSiswa: string; mundur: boolean }) =>
      setMundur(idUkt, idSiswa, mundur),
    onSuccess: () => pesertaChanged(queryClient, idUkt),
  });
}
