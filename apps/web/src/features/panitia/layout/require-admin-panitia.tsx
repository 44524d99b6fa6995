import { isAdminPanitia } from '@ukt/core';
import { Outlet } from 'react-router';
import { useSession } from '../../../lib/session';
import { ForbiddenPage } from './forbidden-page';

/**
 * The console is for committee admins (panitia 'Admin' or 'adminstrator', SPEC §6); anyone else
 * gets the 403 page. The server refuses them too (403 on /panitia/*): this guard only spares
 * them a console that could load nothing.
 */
export function RequireAdminPanitia() {
  const { examiner } = useSession();
  if (!isAdminPanitia(examiner?.panitia)) return <ForbiddenPage />;
  return <Outlet />;
}
