import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** Shows a spinner while a lazy screen's chunk loads, and a reload offer if it cannot load. */
export function LazyBoundary() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
