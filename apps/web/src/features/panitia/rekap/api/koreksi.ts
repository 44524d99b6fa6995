import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiResult, type KoreksiBody, KoreksiHasil } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { hasilChanged } from '../../api/hasil-changed';

const KoreksiAnswer = apiResult(KoreksiHasil);

/** POST …/koreksi: a committee admin changes one score with a reason (kept in the audit log). */
export async function koreksiNilai(idUkt: string, body: KoreksiBody): Promise<string> {
  const answer = KoreksiAnswer.safeParse(await apiPost<unknown>(API.panitia.koreksi.href(idUkt), body));
  return (answer.success && answer.data.message) || 'Nilai dikoreksi.';
}

/** Corrects a score; the recap, the progress and the audit log are read again. */
export function useKoreksi(idUkt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KoreksiBody) => koreksiNilai(idUkt, body),
    onSuccess: () => hasilChanged(queryClient, idUkt),
  });
}
