import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';

/** POST /panitia/kegiatan/{id_ukt}/arsip: archives an event (out of the examiners' list) or brings it back. */
export async function arsipKegiatan(idUkt: string, arsip: boolean): Promise<void> {
  await apiPost<unknown>(API.panitia.kegiatanArsip.href(idUkt), { arsip });
}

/** Archives or unarchives an event; the event lists are read again. */
export function useArsipKegiatan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idUkt, arsip }: { idUkt: string; arsip: boolean }) => arsipKegiatan(idUkt, arsip),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['panitia', 'kegiatan'] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
