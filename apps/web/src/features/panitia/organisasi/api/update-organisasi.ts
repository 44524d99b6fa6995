import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type OrganisasiInput, type PanitiaOrganisasi } from '@ukt/core';
import { apiPut } from '../../../../lib/api-client';
import { ORGANISASI_KEY, OrganisasiAnswer } from './get-organisasi';

/** PUT /panitia/organisasi: name, city, colours and the announcement examiners see. */
export async function updateOrganisasi(
  input: OrganisasiInput,
): Promise<{ organisasi: PanitiaOrganisasi; message: string }> {
  const answer = OrganisasiAnswer.safeParse(await apiPut<unknown>(API.panitia.organisasi.href(), input));
  if (!answer.success) throw new Error('Data organisasi tidak dapat dibaca.');
  return { organisasi: answer.data.data, message: answer.data.message ?? 'Data organisasi disimpan.' };
}

/** Saves the organisation; its answer replaces the cached copy. */
export function useUpdateOrganisasi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisasi,
    onSuccess: ({ organisasi }) => queryClient.setQueryData(ORGANISASI_KEY, organisasi),
  });
}
