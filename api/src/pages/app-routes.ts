/**
 * The routes of the web app – the `path`s of web/src/config/paths.ts except the catch-all and the
 * share prefix, written the same way. For these paths (also under `/share/{edit_token}`) the
 * server answers with the app's index.html; every other path gets a real file or a 404, never the
 * app shell. tests/src/app-routes.test.ts fails when this list and paths.ts differ: a new screen
 * adds its path in both places.
 */
export const APP_ROUTES = [
  '/',
  '/login',
  '/logout',
  '/dashboard',
  '/account',
  '/agentur',
  '/projekte/:project_id',
  '/projekte/:project_id/einstellungen',
  '/projekte/:project_id/verlauf',
  '/projekte/:project_id/fragebogen',
  '/projekte/:project_id/fragebogen/:slug',
  '/projekte/:project_id/ergebnisse',
  '/projekte/:project_id/willkommen',
  '/projekte/:project_id/danke',
  '/impressum',
  '/datenschutz',
] as const;

/** The prefix of a share link; the app runs below it with this as its router's basename. */
export const SHARE_PREFIX = '/share/:edit_token';

/** A route pattern as a regular expression source: `:name` is one path segment. */
const source = (pattern: string) =>
  pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');

/**
 * One expression for all routes, with and without the share prefix, with an optional trailing
 * slash and, like React Router, regardless of case.
 */
const ROUTES = new RegExp(
  `^(?:${source(SHARE_PREFIX)})?(?:${APP_ROUTES.map((route) => (route === '/' ? '' : source(route))).join('|')})/?$`,
  'i',
);

/** Whether the web app has a route for this path (`request.path`, still URL-encoded). */
export function isAppRoute(path: string): boolean {
  return ROUTES.test(path);
}
