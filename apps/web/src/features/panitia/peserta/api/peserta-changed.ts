import type { QueryClient } from '@tanstack/react-query';

/**
 * After a participant write: the console's lists of the event and its counts, and the examiners'
 * participant lists (decision 034's ['siswa'] key), which a withdrawal or a release changes.
 */
export function pesertaChanged(queryClient: QueryClient, idUkt: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['panitia', 'peserta', idUkt] }),
    queryClient.invalidateQueries({ queryKey: ['panitia', 'kegiatan'] }),
    queryClient.invalidateQueries({ queryKey: ['siswa'] }),
  ]);
}
