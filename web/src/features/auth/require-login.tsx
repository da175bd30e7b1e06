import type { ReactNode } from 'react';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { navigation } from '../../lib/navigation.ts';
import { LeaveTo } from './leave-to.tsx';

/**
 * Login-required routes: without a user the visitor goes to the login page, which returns here
 * (docs/product.md#rollen-und-rechte).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  return user ? children : <LeaveTo url={paths.login.url(navigation.currentPath())} />;
}
