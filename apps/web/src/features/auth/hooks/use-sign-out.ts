import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../../lib/session';
import { revokeToken } from '../api/logout';

/**
 * Signs out once the sign-out panel has cleared it (nothing unsent, or exported: use-unsent-check):
 * revokes the token (best effort, 3 s at most), clears the phone (SPEC §4) and goes to /login.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Logging out must work with no signal too: the server call may fail, the local logout may not.
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), 3000);
    try {
      await revokeToken(controller.signal);
    } catch {
      // the token expires by itself within 24 h
    } finally {
      window.clearTimeout(timer);
    }
    logout();
    navigate('/login', { replace: true });
  }, [navigate]);
}
