import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type GambarSlot, type PanitiaOrganisasi } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { ORGANISASI_KEY, OrganisasiAnswer } from './get-organisasi';

/** POST /panitia/organisasi/gambar/{slot}: the logo or a banner (multipart, one PNG, JPEG or WebP). */
export async function uploadGambar(slot: GambarSlot, file: File): Promise<PanitiaOrganisasi> {
  const form = new FormData();
  form.append('gambar', file, file.name);
  const answer = OrganisasiAnswer.safeParse(
    await apiPost<unknown>(API.panitia.organisasiGambar.href(slot), form),
  );
  if (!answer.success) throw new Error('Data organisasi tidak dapat dibaca.');
  return answer.data.data;
}

/** Uploads an image; the answer replaces the cached organisation, so the new image shows. */
export function useUploadGambar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, file }: { slot: GambarSlot; file: File }) => uploadGambar(slot, file),
    onSuccess: (organisasi) => queryClient.setQueryData(ORGANISASI_KEY, organisasi),
  });
}
