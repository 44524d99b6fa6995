import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiResult, SoalEditHasil, type SoalInput } from '@ukt/core';
import { apiPut } from '../../../../lib/api-client';

const HasilAnswer = apiResult(SoalEditHasil);

/**
 * PUT /panitia/soal/{tingkat}/{id_soal}: saves a question; a changed key re-grades that belt's
 * stored answer sheets, and the answer says how many scores changed.
 */
export async function updateSoal(tingkat: string, idSoal: string, input: SoalInput) {
  const answer = HasilAnswer.safeParse(
    await apiPut<unknown>(API.panitia.soalById.href(tingkat, idSoal), input),
  );
  if (!answer.success) throw new Error('Jawaban simpan soal tidak dapat dibaca.');
  return answer.data.data;
}

/** Saves a question; the console's list and the examiners' KESHAN questions (['soal']) are read again. */
export function useUpdateSoal(tingkat: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idSoal, input }: { idSoal: string; input: SoalInput }) =>
      updateSoal(tingkat, idSoal, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['panitia', 'soal', tingkat] }),
        queryClient.invalidateQueries({ queryKey: ['soal'] }),
      ]),
  });
}

/** What a saved question answers: the question as stored and how many scores the new key changed. */
export type SoalTersimpan = Awaited<ReturnType<typeof updateSoal>>;
