import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute, SHARE_PREFIX } from '../../api/src/pages/app-routes.ts';
import { paths, serverPages } from '../../web/src/config/paths.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * The server serves the app's index.html only for the app's routes (api/src/pages/app-routes.ts);
 * the list must be the one of web/src/config/paths.ts.
 */
describe('the server knows the routes of the web app', () => {
  const webRoutes = Object.values(paths)
    .map((entry) => entry.path)
    .filter((route) => route !== paths.notFound.path && route !== paths.share.path);

  it('has the same route list as web/src/config/paths.ts', () => {
    expect([...APP_ROUTES].sort()).toEqual([...webRoutes].sort());
    expect(SHARE_PREFIX).toBe(paths.share.path);
  });

  it('matches every route with and without a share link, and nothing else', () => {
    const id = '8d0c3a52-3f1e-4a0b-9a57-1f2d3c4b5a69';
    const examples = [
      paths.home.url(),
      paths.dashboard.url(),
      paths.account.url(),
      paths.project.url(id),
      paths.projectSettings.url(id),
      paths.questionnaire.url(id),
      paths.step.url(id, 'wettbewerber'),
      paths.results.url(id),
      paths.welcome.url(id),
      paths.thanks.url(id),
      paths.imprint.url(),
      paths.privacy.url(),
    ];
    for (const example of examples) {
      expect(isAppRoute(example), example).toBe(true);
      expect(isAppRoute(`${paths.share.url('a-b_c')}${example}`), example).toBe(true);
    }
    for (const other of [
      '/favicon.ico',
      '/robots.txt',
      '/assets/index-abc.js.map',
      '/api/projects',
      '/gibt-es-nicht',
      `/projekte/${id}/unbekannt`,
      '/share/',
      '/share/token/gibt-es-nicht',
    ]) {
      expect(isAppRoute(other), other).toBe(false);
    }
  });
});

describe('the server pages the app links to', () => {
  it('are pages the server renders', () => {
    const controller = read('api/src/accounts/auth-pages.controller.ts');
    for (const page of Object.values(serverPages)) {
      expect(controller).toContain(`@Get('${page.slice(1)}')`);
      expect(isAppRoute(page), page).toBe(false);
    }
  });
});

describe('favicon, web manifest and robots.txt of the web app (web/public)', () => {
  const brand = /--fw-brand:\s*(#[0-9a-f]{6})/i.exec(read('engine/src/react/tokens.css'))![1]!;
  const paper = /--fw-paper:\s*(#[0-9a-f]{6})/i.exec(read('engine/src/react/tokens.css'))![1]!;

  it('describes Fragewerk in German in the brand colour, with the SVG mark', () => {
    const manifest = JSON.parse(read('web/public/manifest.webmanifest')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Fragewerk',
      lang: 'de',
      start_url: '/',
      theme_color: brand,
      background_color: paper,
      icons: [{ src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' }],
    });
    expect(read('web/public/favicon.svg')).toContain(`fill="${brand}"`);
  });

  it('is linked from index.html together with the theme colour', () => {
    const html = read('web/index.html');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${brand}" />`);
  });

  it('keeps share links and the API out of search engines', () => {
    const robots = read('web/public/robots.txt');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/share\/$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
  });
});
