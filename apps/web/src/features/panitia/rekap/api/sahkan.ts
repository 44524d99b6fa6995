import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, ApiResult, type SahkanBody } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { hasilChanged } from '../../api/hasil-changed';

/**
 * POST …/sahkan (a body: early, with its reason, before the last exam day) locks the event's scores;
 * POST …/batal-sahkan (a reason, audited) opens them again. Resolves to the server's message.
 */
export async function setSahkan(idUkt: string, aksi: SahkanBody | string): Promise<string> {
  const batal = typeof aksi === 'string';
  const answer = ApiResult.safeParse(
    batal
      ? await apiPost<unknown>(API.panitia.batalSahkan.href(idUkt), { alasan: aksi })
      : await apiPost<unknown>(API.panitia.sahkan.href(idUkt), aksi),
  );
  return (answer.success && answer.data.message) || (batal ? 'Pengesahan dibatalkan.' : 'Nilai disahkan.');
}

/** Ratifies or un-ratifies the event; its results and the audit log are read again. */
export function useSahkan(idUkt: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (aksi: SahkanBody | string) => setSahkan(idUkt, aksi),
    onSuccess: () => hasilChanged(queryClient, idUkt),
  });
}
