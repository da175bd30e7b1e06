import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

const webPublic = fileURLToPath(new URL('../../web/public', import.meta.url));
const CHUNK = `export const text = ${JSON.stringify('Größe '.repeat(400))};\n`;
const SHELL =
  '<!doctype html><html lang="de"><head><title>Fragewerk</title></head><body>App-Hülle</body></html>';

/**
 * What the server answers outside the API: the app's index.html for the app's routes only
 * (api/src/pages/app-routes.ts), real files of the built app (favicon, manifest, robots.txt,
 * assets), a 404 for everything else – never the app shell for a file that does not exist.
 */
describe.each(DATABASES)('app shell, files and 404 (%s database)', (database) => {
  let server: TestServer;
  let webDir: string;

  beforeAll(async () => {
    // A built app in miniature: its index.html, web/public as Vite copies it, one asset.
    webDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-web-'));
    await writeFile(path.join(webDir, 'index.html'), SHELL);
    for (const file of ['favicon.svg', 'robots.txt', 'manifest.webmanifest']) {
      await copyFile(path.join(webPublic, file), path.join(webDir, file));
    }
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'export {};\n');
    await writeFile(path.join(webDir, 'assets', 'index-abc123.js.map'), '{"version":3}');
    // A script the build compressed: brotli and gzip beside it, as `web/vite.config.ts` writes them.
    const chunk = path.join(webDir, 'assets', 'chunk-def456.js');
    await writeFile(chunk, CHUNK);
    await writeFile(`${chunk}.br`, brotliCompressSync(CHUNK));
    await writeFile(`${chunk}.gz`, gzipSync(CHUNK));
    server = await startTestServer(database, { webDir });
  });

  afterAll(async () => {
    await server?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, { headers, redirect: 'manual' });

  it.each([
    '/',
    '/dashboard',
    '/account',
    '/projekte/8d0c3a52-3f1e-4a0b-9a57-1f2d3c4b5a69/fragebogen/wettbewerber',
    '/impressum',
    '/share/ein-token/projekte/8d0c3a52-3f1e-4a0b-9a57-1f2d3c4b5a69/fragebogen',
    '/share/ein-token/projekte/8d0c3a52-3f1e-4a0b-9a57-1f2d3c4b5a69/ergebnisse',
  ])('serves the app shell for the app route %s, without cookie or token', async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.getSetCookie()).toEqual([]);
    const html = await response.text();
    expect(html).toContain('App-Hülle');
    expect(html).not.toContain('csrf-token');
  });

  it('puts the session’s CSRF token into the app shell of a logged-in user', async () => {
    const { client } = await verifiedAccount(server);
    const page = await client.page('/dashboard');
    expect(page.text).toContain('App-Hülle');
    expect(page.text).toMatch(/<meta name="csrf-token" content="[\w-]{43}">\n<\/head>/);
    expect(page.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    ['/favicon.svg', 'image/svg+xml'],
    ['/robots.txt', 'text/plain'],
    ['/manifest.webmanifest', 'application/manifest+json'],
    ['/assets/index-abc123.js', 'text/javascript'],
    ['/assets/index-abc123.js.map', 'application/json'],
  ])('serves the real file %s as %s', async (pathname, type) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).not.toContain('App-Hülle');
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])(
    'sends a compressed script as accepted (%s → %s), the same text',
    async (accepted, encoding) => {
      const response = await get('/assets/chunk-def456.js', { 'accept-encoding': accepted });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      expect(response.headers.get('content-type')).toContain('text/javascript');
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await response.text()).toBe(CHUNK);
    },
  );

  it('answers a path whose escapes do not decode with the German error page', async () => {
    const response = await get('/assets/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Die Anfrage ist ungültig.');
  });

  it.each([
    '/favicon.ico',
    '/assets/index-alt999.js',
    '/assets/index-alt999.js.map',
    '/apple-touch-icon.png',
    '/gibt-es-nicht',
    '/projekte/8d0c3a52-3f1e-4a0b-9a57-1f2d3c4b5a69/unbekannt',
    '/share/ein-token/gibt-es-nicht',
    '/wp-login.php',
  ])('answers %s with the 404 page, never the app shell', async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.getSetCookie()).toEqual([]);
    const html = await response.text();
    expect(html).not.toContain('App-Hülle');
    expect(html).toContain('<h1>404 - Nicht gefunden</h1>');
    expect(html).toContain('Diese Seite gibt es nicht.');
    expect(html).toContain('<a href="/">Zur Startseite</a>');
  });

  it.each(['/api/gibt-es-nicht', '/api', '/api/projects/1/unbekannt/2/3'])(
    'answers the unknown API path %s with German JSON 404',
    async (pathname) => {
      const response = await get(pathname, { accept: 'application/json' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: 'Nicht gefunden' });
      expect(response.headers.getSetCookie()).toEqual([]);
    },
  );
});
