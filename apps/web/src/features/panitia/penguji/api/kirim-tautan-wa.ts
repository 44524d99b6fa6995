import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiResult, type KirimTautanBody, KirimTautanResult } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';

const KirimAnswer = apiResult(KirimTautanResult);

/** POST /panitia/whatsapp/tautan: a personal single-use login link to each examiner, queued for the gateway. */
export async function kirimTautanWa(body: KirimTautanBody): Promise<KirimTautanResult> {
  const answer = KirimAnswer.safeParse(await apiPost<unknown>(API.panitia.whatsappTautan.href(), body));
  if (!answer.success) throw new Error('Jawaban pengiriman tautan tidak dapat dibaca.');
  return answer.data.data;
}

/** Queues the links; the examiners' message states are read again at once. */
export function useKirimTautanWa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: kirimTautanWa,
    onSettled: () => client.invalidateQueries({ queryKey: ['panitia', 'whatsapp'] }),
  });
}
