import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { hasToken, logout, useSession } from '../lib/session';

/** Logs out after render (a store change during render is not allowed), then shows /login. */
function LogoutToLogin() {
  useEffect(() => logout(), []);
  return <Navigate to="/login" replace />;
}

/** Guarded screens need an examiner id and the token cookie (SPEC §2 guard rule, §8 'Missing token'). */
export function RequireAuth() {
  const { examiner } = useSession();
  if (!examiner?.id_pemilih) return <Navigate to="/login" replace />;
  if (!hasToken()) return <LogoutToLogin />;
  return <Outlet />;
}

/** Screens past event selection need a chosen event; without one go to /event (SPEC §2). */
export function RequireEvent() {
  const { idUkt } = useSession();
  if (idUkt === null) return <Navigate to="/event" replace />;
  return <Outlet />;
}

/** /login redirects to / when signed in and to /otp when a code is pending (SPEC §2). */
export function LoginGate() {
  const { examiner, number } = useSession();
  if (examiner?.id_pemilih && hasToken()) return <Navigate to="/" replace />;
  if (number) return <Navigate to="/otp" replace />;
  return <Outlet />;
}

/** /otp redirects to / when signed in and to /login when no code is pending (SPEC §2). */
export function OtpGate() {
  const { examiner, number } = useSession();
  if (examiner?.id_pemilih && hasToken()) return <Navigate to="/" replace />;
  if (!number) return <Navigate to="/login" replace />;
  return <Outlet />;
}
