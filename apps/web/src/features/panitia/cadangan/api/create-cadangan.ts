import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiResult, Cadangan, type CadanganInput } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { CADANGAN_KEY } from './get-cadangan';

const CadanganAnswer = apiResult(Cadangan);

/** POST /panitia/cadangan: makes a backup now, sealed when a passphrase is given; resolves to it. */
export async function createCadangan(input: CadanganInput): Promise<Cadangan> {
  const answer = CadanganAnswer.safeParse(await apiPost<unknown>(API.panitia.cadangan.href(), input));
  if (!answer.success) throw new Error('Jawaban server tentang cadangan baru tidak dapat dibaca.');
  return answer.data.data;
}

/** Makes a backup; the list is read again. */
export function useCreateCadangan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCadangan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CADANGAN_KEY }),
  });
}
