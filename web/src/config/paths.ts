/**
 * Every route of docs/product.md#routen-und-screens, defined once. Components link by name through
 * these builders, never by string literals.
 */
export const paths = {
  home: { path: '/', url: () => '/' },
  /**
   * The login page; `returnTo` (a path of the app) is where the server sends the person after it –
   * never a share link's address: it holds the link's secret, and its visitors have no account.
   */
  login: {
    path: '/login',
    url: (returnTo?: string) =>
      returnTo && !returnTo.startsWith('/share/')
        ? `/login?weiter=${encodeURIComponent(returnTo)}`
        : '/login',
  },
  logout: { path: '/logout', url: () => '/logout' },
  dashboard: { path: '/dashboard', url: () => '/dashboard' },
  account: { path: '/account', url: () => '/account' },
  /** Members, invitations and the look the customers see (docs/product.md#agentur). */
  agency: { path: '/agentur', url: () => '/agentur' },
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
  /** The project's history („Verlauf“), members only (docs/product.md#verlauf). */
  history: {
    path: '/projekte/:project_id/verlauf',
    url: (id: string) => `/projekte/${id}/verlauf`,
  },
  /** The customer's start page: what the briefing covers, „Los geht’s“. */
  welcome: {
    path: '/projekte/:project_id/willkommen',
    url: (id: string) => `/projekte/${id}/willkommen`,
  },
  /** After the customer's approval: what happens next. */
  thanks: {
    path: '/projekte/:project_id/danke',
    url: (id: string) => `/projekte/${id}/danke`,
  },
  imprint: { path: '/impressum', url: () => '/impressum' },
  privacy: { path: '/datenschutz', url: () => '/datenschutz' },
  /** Every path no other route matches: the 404 page. */
  notFound: { path: '*' },
  /** The prefix a share link puts before every route; the router's basename for a customer. */
  share: { path: '/share/:edit_token', url: (token: string) => `/share/${token}` },
} as const;

/**
 * Pages the server renders itself (docs/product.md#seiten-des-servers): the app links to them
 * with a full page load, as they are no routes of the app.
 */
export const serverPages = {
  resendActivation: '/aktivierung-erneut-senden',
} as const;

/** The share link of a project: `{origin}/share/{edit_token}/projekte/{id}/fragebogen`. */
export function shareUrl(origin: string, token: string, projectId: string): string {
  return `${origin}${paths.share.url(token)}${paths.questionnaire.url(projectId)}`;
}
