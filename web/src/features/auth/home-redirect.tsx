import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { LeaveTo } from './leave-to.tsx';

/**
 * `/`: to the dashboard when logged in, otherwise to login (docs/product.md#routen-und-screens).
 */
export function HomeRedirect() {
  return useCurrentUser() ? (
    <Navigate to={paths.dashboard.url()} replace />
  ) : (
    <LeaveTo url={paths.login.url()} />
  );
}
