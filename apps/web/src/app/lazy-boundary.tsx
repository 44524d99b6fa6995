import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/spinner';

/** Shows a spinner while a lazy screen's chunk loads. */
export function LazyBoundary() {
  return (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
}
