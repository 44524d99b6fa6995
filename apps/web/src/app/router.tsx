import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { OtpPage } from '../features/auth/components/otp-page';
import { examRoutes } from '../features/exams/routes';
import { AppLayout } from './app-layout';
import { LoginGate, OtpGate, RequireAuth, RequireEvent } from './guards';
import { LazyBoundary } from './lazy-boundary';
import { ThemeRoot } from './theme-root';

// Only the login screens are in the first load (DESIGN §8 budget); every other screen is a lazy chunk.
// The declarative router keeps React Router's data-router machinery out of the bundle (~12 KB gzipped).
const TokenLoginPage = lazy(() =>
  import('../features/auth/components/token-login-page').then((m) => ({ default: m.TokenLoginPage })),
);
const EventPage = lazy(() =>
  import('../features/events/components/event-page').then((m) => ({ default: m.EventPage })),
);
const HomePage = lazy(() => import('./home-page').then((m) => ({ default: m.HomePage })));
const RegisterPage = lazy(() =>
  import('../features/static/components/register-page').then((m) => ({ default: m.RegisterPage })),
);
const VerifyOtpPage = lazy(() =>
  import('../features/static/components/verify-otp-page').then((m) => ({ default: m.VerifyOtpPage })),
);
const ListPesertaPage = lazy(() =>
  import('../features/static/components/list-peserta-page').then((m) => ({ default: m.ListPesertaPage })),
);
const SabukPage = lazy(() =>
  import('../features/static/components/sabuk-page').then((m) => ({ default: m.SabukPage })),
);
// The public check of a piagam's QR (DESIGN §11): no sign-in.
const VerifikasiPage = lazy(() =>
  import('../features/verifikasi/components/verifikasi-page').then((m) => ({ default: m.VerifikasiPage })),
);
// The committee console (DESIGN §9): one lazy route group; an examiner never loads it.
const PanitiaRoutes = lazy(() =>
  import('../features/panitia/routes').then((m) => ({ default: m.PanitiaRoutes })),
);
// Server reads run on TanStack Query (~13 KB gzipped); its provider is a lazy chunk too (decision 034).
const QueryRoot = lazy(() => import('./query-root').then((m) => ({ default: m.QueryRoot })));

/** Every route of SPEC §2; paths match case-insensitively (/login and /Login); unknown paths go to /. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ThemeRoot />}>
        <Route element={<LoginGate />}>
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route element={<OtpGate />}>
          <Route path="otp" element={<OtpPage />} />
        </Route>
        <Route element={<LazyBoundary />}>
          <Route path="ut/:id" element={<TokenLoginPage />} />
          <Route path="utss/:id" element={<TokenLoginPage />} />
          <Route path="Register" element={<RegisterPage />} />
          <Route path="VerifyOtp" element={<VerifyOtpPage />} />
          <Route element={<QueryRoot />}>
            <Route path="verifikasi/:kode" element={<VerifikasiPage />} />
          </Route>
        </Route>
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            <Route element={<QueryRoot />}>
              <Route path="event" element={<EventPage />} />
              <Route path="LISTPESERTA" element={<ListPesertaPage />} />
              <Route path="panitia/*" element={<PanitiaRoutes />} />
              <Route element={<RequireEvent />}>
                <Route index element={<HomePage />} />
                {examRoutes.map(({ path, Component }) => (
                  <Route key={path} path={path.replace(/^\//, '')} element={<Component />} />
                ))}
                {['SabukPolos', 'SabukJambon', 'SabukHijau', 'SabukPutih'].map((path) => (
                  <Route key={path} path={path} element={<SabukPage />} />
                ))}
              </Route>
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
