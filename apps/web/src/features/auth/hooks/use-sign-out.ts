import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../../lib/session';
import { revokeToken } from '../api/logout';
import { confirmUnsentBeforeLogout } from './confirm-unsent';

/**
 * 'Sign Out': refused while scores wait unexported (confirm-unsent), then revokes the token (best
 * effort, 3 s at most), clears the phone (SPEC §4) and goes to /login.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!(await confirmUnsentBeforeLogout())) return;
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
