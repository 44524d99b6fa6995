import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiResult, HapusDemoHasil, type HapusDemoInput } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';

const HapusAnswer = apiResult(HapusDemoHasil);

/** POST /panitia/demo/hapus: removes the demo; answers the server's message and what it did. */
export async function hapusDemo(input: HapusDemoInput): Promise<{ message: string; hasil: HapusDemoHasil }> {
  const answer = HapusAnswer.safeParse(await apiPost<unknown>(API.panitia.demoHapus.href(), input));
  if (!answer.success) throw new Error('Jawaban server tidak dapat dibaca. Muat ulang halaman ini.');
  return { message: answer.data.message ?? 'Data demo dihapus.', hasil: answer.data.data };
}

/** Removes the demo; every console list and the examiners' event list are read again. */
export function useHapusDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hapusDemo,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['panitia'] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
