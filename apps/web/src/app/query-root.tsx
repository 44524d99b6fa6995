import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

/**
 * The app's one query client (docs/decisions/034). A read that cannot reach the server answers from
 * the phone's copy inside its fetcher (decision 071), so the client neither pauses without signal
 * nor retries: a retry would only hold the copy or the message back. Lists change only when the
 * examiner asks (a page, a search, 'Cek Baru'): rows moving under a finger pick the wrong participant.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'always',
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  },
});

/** Gives the signed-in screens their server state; a lazy route element, so /login never loads it. */
export function QueryRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
