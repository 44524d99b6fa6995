import { Navigate, Route, Routes } from 'react-router';
import { PanitiaLayout } from './layout/panitia-layout';
import { RequireAdminPanitia } from './layout/require-admin-panitia';
import { CONSOLE_PAGES, FIRST_PAGE } from './pages';

/** /panitia/*: the committee console (DESIGN §9), for committee admins only; /panitia opens Kegiatan. */
export function PanitiaRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdminPanitia />}>
        <Route element={<PanitiaLayout />}>
          <Route index element={<Navigate to={`/panitia/${FIRST_PAGE}`} replace />} />
          {CONSOLE_PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<Navigate to={`/panitia/${FIRST_PAGE}`} replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
