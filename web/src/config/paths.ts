/**
 * Every route of docs/product.md#routen-und-screens, defined once. Components link by name through
 * these builders, never by string literals.
 */
export const paths = {
  home: { path: '/', url: () => '/' },
  login: { path: '/login', url: () => '/login' },
  logout: { path: '/logout', url: () => '/logout' },
  dashboard: { path: '/dashboard', url: () => '/dashboard' },
  account: { path: '/account', url: () => '/account' },
  project: { path: '/projekte/:project_id', url: (id: string) => `/projekte/${id}` },
  projectSettings: {
    path: '/projekte/:project_id/einstellungen',
    url: (id: string) => `/projekte/${id}/einstellungen`,
  },
  questionnaire: {
    path: '/projekte/:project_id/fragebogen',
    url: (id: string) => `/projekte/${id}/fragebogen`,
  },
  step: {
    path: '/projekte/:project_id/fragebogen/:slug',
    url: (id: string, slug: string) => `/projekte/${id}/fragebogen/${slug}`,
  },
  results: {
    path: '/projekte/:project_id/ergebnisse',
    url: (id: string) => `/projekte/${id}/ergebnisse`,
  },
  imprint: { path: '/impressum', url: () => '/impressum' },
  privacy: { path: '/datenschutz', url: () => '/datenschutz' },
} as const;

/** The share link of a project: `{origin}/share/{edit_token}/projekte/{id}/fragebogen`. */
export function shareUrl(origin: string, token: string, projectId: string): string {
  return `${origin}/share/${token}${paths.questionnaire.url(projectId)}`;
}
