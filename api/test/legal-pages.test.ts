import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Legal = { data: { html: string; placeholder: boolean } };

/**
 * docs/product.md#rechtsseiten: the operator's Impressum and Datenschutzerklärung come from
 * Markdown files in LEGAL_DIR (default DATA_DIR/legal), rendered safely; without a file the
 * placeholder says what to fill in. File reading only, no database: the embedded one serves.
 */
describe('legal pages', () => {
  let server: TestServer;
  let legalDir: string;
  const read = (kind: string) => new HttpClient(server.url).api<Legal>('GET', `/legal/${kind}`);

  beforeAll(async () => {
    server = await startTestServer('embedded');
    legalDir = path.join(server.config.dataDir, 'legal');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the placeholder, marked as one, until the operator puts a file in place', async () => {
    for (const kind of ['impressum', 'datenschutz']) {
      const response = await read(kind);
      expect(response.status).toBe(200);
      expect(response.body.data.placeholder).toBe(true);
      expect(response.body.data.html).toContain('Dieser Text ist ein Platzhalter.');
      expect(response.body.data.html).toContain(`<code>${kind}.md</code>`);
    }
    expect((await read('impressum')).body.data.html).toContain('Registernummer');
    expect((await read('datenschutz')).body.data.html).toContain('Art. 6 DSGVO');
  });

  it('renders the operator’s Markdown – without its HTML, images or script links', async () => {
    await mkdir(legalDir, { recursive: true });
    await writeFile(
      path.join(legalDir, 'impressum.md'),
      [
        '## Agentur Nord GmbH',
        '',
        'Hafenstraße 1, 20457 Hamburg – **Geschäftsführung:** Jana Kühn',
        '',
        'Mail: kontakt@agentur-nord.de, Web: https://agentur-nord.de',
        '',
        '<script>alert(1)</script> <img src=x onerror=alert(2)>',
        '',
        '[Klick](javascript:alert(3)) ![Pixel](https://tracker.example/p.gif)',
      ].join('\n'),
    );
    const { data } = (await read('impressum')).body;
    expect(data.placeholder).toBe(false);
    expect(data.html).toContain('<h2>Agentur Nord GmbH</h2>');
    expect(data.html).toContain('<strong>Geschäftsführung:</strong>');
    expect(data.html).toContain('<a href="mailto:kontakt@agentur-nord.de">');
    expect(data.html).toContain('<a href="https://agentur-nord.de">');
    expect(data.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // As text only: no element, no image loaded from elsewhere, no script link.
    expect(data.html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(data.html).not.toMatch(/<script|<img|href="javascript:/i);
    // The other page is still the placeholder.
    expect((await read('datenschutz')).body.data.placeholder).toBe(true);
  });

  it('takes a changed file without a restart, and an empty or oversized one as none', async () => {
    const file = path.join(legalDir, 'datenschutz.md');
    await mkdir(legalDir, { recursive: true });
    await writeFile(file, 'Verantwortlich: Agentur Nord');
    expect((await read('datenschutz')).body.data.html).toContain('Verantwortlich: Agentur Nord');
    await writeFile(file, '   \n');
    expect((await read('datenschutz')).body.data.placeholder).toBe(true);
    await writeFile(file, 'x'.repeat(256 * 1024 + 1));
    expect((await read('datenschutz')).body.data.placeholder).toBe(true);
  });

  it('knows only its two pages: nothing else reaches the file system', async () => {
    for (const kind of ['agb', '..%2Fsession-secret', '%2e%2e', 'impressum.md']) {
      const response = await read(kind);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('test-secret');
    }
  });
});
