import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { AccountPage } from '../features/account/account-page.tsx';
import { HomeRedirect } from '../features/auth/home-redirect.tsx';
import { LeaveTo } from '../features/auth/leave-to.tsx';
import { RequireLogin } from '../features/auth/require-login.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { LegalPage } from '../features/legal/legal-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { ProjectContainer } from '../features/projects/project-container.tsx';
import { ProjectSettingsPage } from '../features/projects/project-settings-page.tsx';
import {
  QuestionnaireIndex,
  QuestionnaireLayout,
} from '../features/questionnaire/questionnaire-layout.tsx';
import { StepPage } from '../features/questionnaire/step-page.tsx';
import { ResultsPage } from '../features/results/results-page.tsx';

/** The routes of SPEC §2's table. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home.path, element: <HomeRedirect /> },
      { path: paths.login.path, element: <LeaveTo url={paths.login.url()} /> },
      { path: paths.logout.path, element: <LeaveTo url={paths.logout.url()} /> },
      {
        path: paths.dashboard.path,
        element: (
          <RequireLogin>
            <DashboardPage />
          </RequireLogin>
        ),
      },
      {
        path: paths.account.path,
        element: (
          <RequireLogin>
            <AccountPage />
          </RequireLogin>
        ),
      },
      {
        path: paths.project.path,
        element: <ProjectContainer />,
        children: [
          { index: true, element: <Navigate to="fragebogen" replace /> },
          {
            path: 'einstellungen',
            element: (
              <RequireLogin>
                <ProjectSettingsPage />
              </RequireLogin>
            ),
          },
          {
            path: 'fragebogen',
            element: <QuestionnaireLayout />,
            children: [
              { index: true, element: <QuestionnaireIndex /> },
              { path: ':slug', element: <StepPage /> },
            ],
          },
          { path: 'ergebnisse', element: <ResultsPage /> },
        ],
      },
      { path: paths.imprint.path, element: <LegalPage kind="imprint" /> },
      { path: paths.privacy.path, element: <LegalPage kind="privacy" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The browser router; under a share link its basename is `/share/{token}`. */
export function createRouter(basename: string) {
  return createBrowserRouter(routes, { basename: basename || undefined });
}
