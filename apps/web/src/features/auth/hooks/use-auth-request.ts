import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showError } from '../../../lib/dialogs';

/**
 * Busy and no-signal state of a login-screen request. A server refusal is the 'Gagal' dialog with
 * its message; a network failure is only logged and the button comes back (SPEC §8), plus an
 * inline hint so the examiner knows why nothing happened (decision 032).
 */
export function useAuthRequest(): {
  busy: boolean;
  offline: boolean;
  run: (request: () => Promise<void>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(false);
  const run = useCallback(async (request: () => Promise<void>) => {
    setBusy(true);
    setOffline(false);
    try {
      // Stays busy on success: the request's own code navigates away.
      await request();
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) void showError(error.message);
      else {
        console.error(error);
        setOffline(true);
      }
      setBusy(false);
    }
  }, []);
  return { busy, offline, run };
}
