import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { hasilChanged } from './hasil-changed';

/**
 * POST …/sahkan (alasan null) locks the event's scores; POST …/batal-sahkan (a reason, audited)
 * opens them again. Resolves to the server's message.
 */
export async function setSahkan(idUkt: string, alasan: string | null): Promise<string> {
  const answer = ApiResult.safeParse(
    alasan === null
      ? await apiPost<unknown>(API.panitia.sahkan.href(idUkt), {})
      : await apiPost<unknown>(API.panitia.batalSahkan.href(idUkt), { alasan }),
  );
  return (
    (answer.success && answer.data.message) ||
    (alasan === null ? 'Nilai disahkan.' : 'Pengesahan dibatalkan.')
  );
}

/** Ratifies or un-ratifies the event; its results and the audit log are read again. */
export function useSahkan(idUkt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alasan: string | null) => setSahkan(idUkt, alasan),
    onSuccess: () => hasilChanged(queryClient, idUkt),
  });
}
