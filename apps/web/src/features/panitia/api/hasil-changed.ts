import type { QueryClient } from '@tanstack/react-query';

/** After a correction, a rule change or (un)ratification: the event's results, progress and the audit log are read again. */
export function hasilChanged(queryClient: QueryClient, idUkt: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['panitia', 'rekap', idUkt] }),
    queryClient.invalidateQueries({ queryKey: ['panitia', 'aturan', idUkt] }),
    queryClient.invalidateQueries({ queryKey: ['panitia', 'progres', idUkt] }),
    queryClient.invalidateQueries({ queryKey: ['panitia', 'audit'] }),
  ]);
}
