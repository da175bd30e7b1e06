import { lazyWithPreload } from '@fragewerk/engine/react';
import { Children, isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';
import { createBrowserAppRouter } from '../lib/app-router.tsx';
import { paths } from '../config/paths.ts';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { HomeRedirect } from '../features/auth/home-redirect.tsx';
import { LeaveTo } from '../features/auth/leave-to.tsx';
import { RequireLogin } from '../features/auth/require-login.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { ProjectContainer, ProjectIndex } from '../features/projects/project-container.tsx';
import {
  QuestionnaireIndex,
  QuestionnaireLayout,
} from '../features/questionnaire/questionnaire-layout.tsx';
import { StepPage } from '../features/questionnaire/step-page.tsx';

// Screens a customer with a share link never needs load when first opened (route-level splitting).
const AccountPage = lazyWithPreload(() =>
  import('../features/account/account-page.tsx').then((module) => module.AccountPage),
);
const AgencyPage = lazyWithPreload(() =>
  import('../features/agency/agency-page.tsx').then((module) => module.AgencyPage),
);
const DashboardPage = lazyWithPreload(() =>
  import('../features/dashboard/dashboard-page.tsx').then((module) => module.DashboardPage),
);
const LegalPage = lazyWithPreload(() =>
  import('../features/legal/legal-page.tsx').then((module) => module.LegalPage),
);
const ProjectSettingsPage = lazyWithPreload(() =>
  import('../features/projects/project-settings-page.tsx').then(
    (module) => module.ProjectSettingsPage,
  ),
);
const HistoryPage = lazyWithPreload(() =>
  import('../features/history/history-page.tsx').then((module) => module.HistoryPage),
);
const ResultsPage = lazyWithPreload(() =>
  import('../features/results/results-page.tsx').then((module) => module.ResultsPage),
);
// The customer's start and thank-you pages: once each, never on the first paint of a step.
const WelcomePage = lazyWithPreload(() =>
  import('../features/customer/welcome-page.tsx').then((module) => module.WelcomePage),
);
const ThanksPage = lazyWithPreload(() =>
  import('../features/customer/thanks-page.tsx').then((module) => module.ThanksPage),
);

/** The routes of the table in docs/product.md#routen-und-screens. */
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
        path: paths.agency.path,
        element: (
          <RequireLogin>
            <AgencyPage />
          </RequireLogin>
        ),
      },
      {
        path: paths.project.path,
        element: <ProjectContainer />,
        // Child paths are absolute (each starts with its parent's) so they come from paths.ts too.
        children: [
          { index: true, element: <ProjectIndex /> },
          {
            path: paths.projectSettings.path,
            element: (
              <RequireLogin>
                <ProjectSettingsPage />
              </RequireLogin>
            ),
          },
          {
            path: paths.questionnaire.path,
            element: <QuestionnaireLayout />,
            children: [
              { index: true, element: <QuestionnaireIndex /> },
              { path: paths.step.path, element: <StepPage /> },
            ],
          },
          { path: paths.results.path, element: <ResultsPage /> },
          {
            path: paths.history.path,
            element: (
              <RequireLogin>
                <HistoryPage />
              </RequireLogin>
            ),
          },
          { path: paths.welcome.path, element: <WelcomePage /> },
          { path: paths.thanks.path, element: <ThanksPage /> },
        ],
      },
      { path: paths.imprint.path, element: <LegalPage kind="imprint" /> },
      { path: paths.privacy.path, element: <LegalPage kind="privacy" /> },
      { path: paths.notFound.path, element: <NotFoundPage /> },
    ],
  },
];

type Preload = () => Promise<unknown>;

/** The loaders of the code-split pages in a route's element, also inside a wrapper (RequireLogin). */
function preloadsIn(node: ReactNode): Preload[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const { preload } = node.type as { preload?: Preload };
  return [
    ...(preload ? [preload] : []),
    ...Children.toArray(node.props.children).flatMap(preloadsIn),
  ];
}

/** The routes the URL at `pathname` opens (under a share link, below its `basename`). */
export function routeMatches(pathname: string, basename: string): RouteMatch[] {
  return matchRoutes(routes, pathname, basename || undefined) ?? [];
}

/** The loaders of the code-split pages the opened routes show. */
export function pagePreloads(matches: RouteMatch[]): Preload[] {
  return matches.flatMap((match) => preloadsIn(match.route.element));
}

/** The project the opened routes show (any route of the project container), if any. */
export function projectIdOf(matches: RouteMatch[]): string | undefined {
  return matches.some((match) => match.route.path === paths.project.path)
    ? matches.at(-1)?.params.project_id
    : undefined;
}

/** Whether the opened routes show the results view. */
export const opensResults = (matches: RouteMatch[]) =>
  matches.some((match) => match.route.path === paths.results.path);

/**
 * Starts loading the code-split page of the opened URL at once, beside the boot data. Loaded only
 * when it first renders, the page suspended after its data had come: React showed the fallback,
 * rendered the page when its code arrived but held that commit back (Suspense reveals are
 * throttled), and the next store update threw the finished render away — the results view
 * rendered its ~170 cards twice per load. A failed load is left to the page's own render, which
 * loads it again and shows the failure.
 */
export function preloadPage(matches: RouteMatch[]): void {
  for (const preload of pagePreloads(matches)) preload().catch(() => undefined);
}

/** The browser router; under a share link its basename is `/share/{token}`. */
export function createRouter(basename: string) {
  return createBrowserAppRouter(routes, basename || undefined);
}
