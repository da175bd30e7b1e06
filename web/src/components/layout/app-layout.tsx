import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../spinner.tsx';
import { ToastContainer } from '../toast/toast-container.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { useBrandColor, useShareAgency } from './use-share-agency.ts';
import './app-layout.css';
import './page.css';

/** Header, the route's page, footer and the toasts; in the agency's colour for its customers. */
export function AppLayout() {
  useBrandColor(useShareAgency()?.primary_color);
  return (
    <div className="app">
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<Spinner fullScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
      <ToastContainer />
    </div>
  );
}
