import { useMutation } from '@tanstack/react-query';
import { API, apiResult, TautanLogin } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';

const TautanAnswer = apiResult(TautanLogin);

/** POST /panitia/penguji/{id_pemilih}/tautan: a fresh single-use login link and its WhatsApp link. */
export async function createTautan(idPemilih: string): Promise<TautanLogin> {
  const answer = TautanAnswer.safeParse(
    await apiPost<unknown>(API.panitia.pengujiTautan.href(idPemilih), {}),
  );
  if (!answer.success) throw new Error('Tautan login tidak dapat dibaca.');
  return answer.data.data;
}

/** Makes a login link (a write: each call issues a new token). */
export function useCreateTautan() {
  return useMutation({ mutationFn: createTautan });
}
