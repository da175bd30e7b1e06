import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { colleague, expectSchema, type Account } from './agency-accounts.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * The agency's branding (docs/product.md#agentur): name, colour with its contrast check, legal
 * links and the logo with its public, immutable address.
 */

type AgencyBody = {
  data: {
    id: string;
    name: string;
    primary_color: string | null;
    logo_url: string | null;
    impressum_url: string | null;
    privacy_url: string | null;
  };
  message?: string;
  errors?: Record<string, string[]>;
};

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const MALICIOUS_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert('onload')">
  <script>alert('script')</script>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <a xlink:href="javascript:alert('link')"><rect width="10" height="10" fill="#0b57d0"/></a>
</svg>`;

describe.each(DATABASES)('agency branding (%s database)', (database) => {
  let server: TestServer;
  let owner: Account;
  let member: Account;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = await verifiedAccount(server, 'Agentur Nord');
    member = await colleague(server, owner);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  /** Uploads bytes as the logo with the app's headers. */
  const upload = (client: HttpClient, body: Uint8Array<ArrayBuffer> | string, type: string) =>
    client.upload('PUT', '/agency/logo', body, type) as Promise<{
      status: number;
      headers: Headers;
      body: AgencyBody;
      text: string;
    }>;

  it('shows every member the agency, named after the registration', async () => {
    const mine = await owner.client.api<AgencyBody>('GET', '/agency');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      name: 'Agentur Nord',
      primary_color: null,
      logo_url: null,
      impressum_url: null,
      privacy_url: null,
    });
    const theirs = await member.client.api<AgencyBody>('GET', '/agency');
    expect(theirs.body.data).toEqual(mine.body.data);
    expectSchema('agency', mine.body.data);
    expect((await new HttpClient(server.url).api('GET', '/agency')).status).toBe(401);
  });

  it('refuses a colour with too little contrast on white, naming the ratio in German', async () => {
    const response = await owner.client.api<AgencyBody>('PATCH', '/agency', {
      primary_color: '#FFCC00',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors?.primary_color?.[0]).toMatch(
      /^Die Hauptfarbe hat auf Weiß nur ein Kontrastverhältnis von 1,\d\d?:1\. Nötig sind mindestens 4,5:1/,
    );
    const format = await owner.client.api<AgencyBody>('PATCH', '/agency', {
      primary_color: 'blau',
    });
    expect(format.status).toBe(422);
    expect(format.body.errors?.primary_color?.[0]).toContain('#0b57d0');
  });

  it('saves name, colour (lower case) and https links; empty ones clear them', async () => {
    const response = await owner.client.api<AgencyBody>('PATCH', '/agency', {
      name: '  Agentur Nord & Süd  ',
      primary_color: '#0B57D0',
      impressum_url: 'www.nord-sued.de/impressum',
      privacy_url: 'https://www.nord-sued.de/datenschutz',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Agentur Nord & Süd',
      primary_color: '#0b57d0',
      impressum_url: 'https://www.nord-sued.de/impressum',
      privacy_url: 'https://www.nord-sued.de/datenschutz',
    });
    const cleared = await owner.client.api<AgencyBody>('PATCH', '/agency', {
      ...response.body.data,
      privacy_url: '',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.privacy_url).toBeNull();
    expect(cleared.body.data.primary_color).toBe('#0b57d0');
    expectSchema('agency', cleared.body.data);
  });

  it('refuses http links, an empty name and unknown fields', async () => {
    const response = await owner.client.api<AgencyBody>('PATCH', '/agency', {
      name: '   ',
      impressum_url: 'http://nord.de/impressum',
      privacy_url: `https://nord.de/${'a'.repeat(2000)}`,
      slogan: 'x',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      name: ['Name der Agentur ist ein Pflichtfeld'],
      impressum_url: ['Bitte geben Sie eine vollständige Adresse an, die mit https:// beginnt.'],
      privacy_url: ['Link zur Datenschutzerklärung darf höchstens 2.000 Zeichen lang sein.'],
      slogan: ['Das Feld slogan ist nicht vorgesehen.'],
    });
  });

  it('lets only owners change the agency or its logo', async () => {
    const patch = await member.client.api('PATCH', '/agency', { name: 'Übernahme' });
    expect(patch.status).toBe(403);
    expect(patch.body.message).toBe('Das dürfen nur Inhaberinnen und Inhaber der Agentur.');
    expect((await upload(member.client, PNG, 'image/png')).status).toBe(403);
    expect((await member.client.api('DELETE', '/agency/logo')).status).toBe(403);
  });

  it('stores a PNG logo under its hash, served publicly and cached for ever', async () => {
    const response = await upload(owner.client, PNG, 'image/png');
    expect(response.status).toBe(200);
    expectSchema('agency', response.body.data);
    const url = response.body.data.logo_url!;
    expect(url).toMatch(new RegExp(`^/api/agencies/${response.body.data.id}/logo/[0-9a-f]{64}$`));
    // No login, no cookies: a customer's browser.
    const logo = await fetch(`${server.url}${url}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(PNG);
    expect(logo.headers.get('set-cookie')).toBeNull();
    // The member sees the same logo.
    expect((await member.client.api<AgencyBody>('GET', '/agency')).body.data.logo_url).toBe(url);
  });

  it('sanitises an SVG logo and serves it with a policy that forbids everything else', async () => {
    const response = await upload(owner.client, MALICIOUS_SVG, 'image/svg+xml');
    expect(response.status).toBe(200);
    const logo = await fetch(`${server.url}${response.body.data.logo_url}`);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(logo.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const svg = await logo.text();
    expect(svg).toContain('<rect');
    expect(svg).toContain('fill="#0b57d0"');
    for (const bad of [
      '<script',
      'onload',
      'foreignObject',
      'javascript:',
      'tracker.example',
      'alert',
    ])
      expect(svg).not.toContain(bad);
  });

  it('refuses a logo above 1 MB, of another type, or whose bytes are not what it claims', async () => {
    const large = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooLarge = await upload(owner.client, large, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Das Logo ist zu groß: Es darf höchstens 1 MB haben.');
    const gif = await upload(owner.client, Buffer.from('GIF89a....'), 'image/gif');
    expect(gif.status).toBe(422);
    expect(gif.body.errors?.logo).toEqual([
      'Bitte laden Sie das Logo als PNG-, JPEG-, WebP- oder SVG-Datei hoch.',
    ]);
    const disguised = await upload(
      owner.client,
      Buffer.from('<html>kein Bild</html>'),
      'image/png',
    );
    expect(disguised.status).toBe(422);
    const svgAsPng = await upload(owner.client, MALICIOUS_SVG, 'image/png');
    expect(svgAsPng.status).toBe(422);
  });

  it('gives an old logo address a 404 once the logo changed, and removes the logo', async () => {
    const first = (await upload(owner.client, PNG, 'image/png')).body.data.logo_url!;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle r="2"/></svg>';
    const second = (await upload(owner.client, svg, 'image/svg+xml')).body.data.logo_url!;
    expect(second).not.toBe(first);
    expect((await fetch(`${server.url}${first}`)).status).toBe(404);
    expect((await fetch(`${server.url}${second}`)).status).toBe(200);
    const removed = await owner.client.api<AgencyBody>('DELETE', '/agency/logo');
    expect(removed.status).toBe(200);
    expect(removed.body.data.logo_url).toBeNull();
    expect((await fetch(`${server.url}${second}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/agencies/nicht-uuid/logo/abc`)).status).toBe(404);
  });
});
