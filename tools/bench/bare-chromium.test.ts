import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBareChromium, type BareChromium } from './bare-chromium.ts';
import { sleep } from './support.ts';

// The page tells what reached the server and logs to the console, which a DevTools client with the
// Runtime domain on would receive as an event.
const page = (cookie: string, language: string) => `<!doctype html>
<title>Probe</title>
<script>
  window.seen = {
    cookie: ${JSON.stringify(cookie)},
    acceptLanguage: ${JSON.stringify(language)},
    initScriptFirst: window.fromInitScript === true,
    language: navigator.language,
    width: innerWidth,
    height: innerHeight,
    month: new Intl.DateTimeFormat(undefined, { month: 'long' }).format(new Date(2026, 2, 1)),
  };
  console.log('geladen');
</script>`;

describe('a Chromium on a bare DevTools pipe', () => {
  let server: Server;
  let base: string;
  let chromium: BareChromium;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(page(request.headers.cookie ?? '', request.headers['accept-language'] ?? ''));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    chromium = await launchBareChromium();
  });

  afterAll(async () => {
    await chromium?.close();
    server.close();
  });

  it('opens a page with the cookies, init script, viewport and locale it was given', async () => {
    const tab = await chromium.newPage({
      cookies: [
        { name: 'sitzung', value: 'abc', url: base },
        { name: 'geraet', value: 'xyz', url: base },
      ],
      initScript: 'window.fromInitScript = true;',
      viewport: { width: 1280, height: 900 },
      locale: 'de-DE',
    });
    try {
      await tab.load(`${base}/`);
      const { result } = await tab.send<{ result: { value: unknown } }>('Runtime.evaluate', {
        expression: 'window.seen',
        returnByValue: true,
      });
      expect(result.value).toEqual({
        cookie: 'sitzung=abc; geraet=xyz',
        acceptLanguage: expect.stringMatching(/^de-DE/),
        initScriptFirst: true,
        language: 'de-DE',
        width: 1280,
        height: 900,
        month: 'März',
      });
    } finally {
      await tab.close();
    }
  });

  it('leaves the Runtime domain off: no console event until a client enables it', async () => {
    const tab = await chromium.newPage({ viewport: { width: 800, height: 600 }, locale: 'de-DE' });
    try {
      const logged = tab.next('Runtime.consoleAPICalled');
      await tab.load(`${base}/`);
      expect(
        await Promise.race([logged.then(() => 'Ereignis'), sleep(500).then(() => 'keins')]),
      ).toBe('keins');
      // Enabling it replays the page's console messages: the listener above does hear them.
      await tab.send('Runtime.enable');
      expect(await logged).toMatchObject({ type: 'log', args: [{ value: 'geladen' }] });
    } finally {
      await tab.close();
    }
  });

  it('fails, in German, when Chromium does not start', async () => {
    await expect(launchBareChromium('/gibt/es/nicht')).rejects.toThrow('Chromium startet nicht');
  });
});
