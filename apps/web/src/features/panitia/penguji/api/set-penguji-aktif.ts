import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';

/**
 * POST /panitia/penguji/{id_pemilih}/aktif: deactivating ends the examiner's sessions and blocks
 * their sign-in; reactivating lets them sign in again. Resolves to the server's message.
 */
export async function setPengujiAktif(idPemilih: string, aktif: boolean): Promise<string> {
  const answer = ApiResult.safeParse(
    await apiPost<unknown>(API.panitia.pengujiAktif.href(idPemilih), { aktif }),
  );
  return (
    (answer.success && answer.data.message) || (aktif ? 'Penguji diaktifkan.' : 'Penguji dinonaktifkan.')
  );
}

/** Deactivates or reactivates an examiner; the examiner list is read again. */
export function useSetPengujiAktif() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idPemilih, aktif }: { idPemilih: string; aktif: boolean }) =>
      setPengujiAktif(idPemilih, aktif),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['panitia', 'penguji'] }),
  });
}
