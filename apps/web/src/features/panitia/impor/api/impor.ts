import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { API, apiResult, ImporHasil, type ImporJenis, type ImporKeputusan } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { type ImporTarget, imporForm, imporQuery } from './impor-target';

const HasilAnswer = apiResult(ImporHasil);

/**
 * POST /panitia/impor/{jenis}: imports a file, all rows or none, with the region decisions taken
 * and the number of changes to examined participants confirmed (409 when the file has others).
 */
export async function impor(
  target: ImporTarget,
  file: File,
  decisions: ImporKeputusan,
  yakinDinilai = 0,
): Promise<ImporHasil> {
  const answer = HasilAnswer.safeParse(
    await apiPost<unknown>(
      API.panitia.impor.href(target.jenis, imporQuery(target)),
      imporForm(file, decisions, yakinDinilai),
    ),
  );
  if (!answer.success) throw new Error('Hasil impor tidak dapat dibaca.');
  return answer.data.data;
}

/**
 * The lists an import of each kind changes: the console's and the examiners' own. Examiner and
 * participant files name their regions, and the import creates the ones that are new.
 */
const CHANGED: Record<ImporJenis, QueryKey[]> = {
  kegiatan: [['panitia', 'kegiatan'], ['events']],
  penguji: [
    ['panitia', 'penguji'],
    ['panitia', 'region'],
  ],
  peserta: [['panitia', 'peserta'], ['panitia', 'kegiatan'], ['panitia', 'region'], ['siswa']],
  soal: [['panitia', 'soal'], ['soal']],
};

/** Imports a file; the lists it changes are read again. */
export function useImpor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      target,
      file,
      decisions,
      yakinDinilai,
    }: {
      target: ImporTarget;
      file: File;
      decisions: ImporKeputusan;
      yakinDinilai: number;
    }) => impor(target, file, decisions, yakinDinilai),
    onSuccess: (_hasil, { target }) =>
      Promise.all(CHANGED[target.jenis].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
