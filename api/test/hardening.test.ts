import { brotliCompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { PASSWORD, verifiedAccount } from './accounts.ts';
import { startTestServer, type TestServer } from './test-server.ts';

describe('hardening', () => {
  let server: TestServer;
  const logged: string[] = [];
  /** The server's log lines (pino's JSON), one entry per line. */
  const logLines: string[] = [];
  const originalWrite = process.stdout.write.bind(process.stdout);
  const originalError = process.stderr.write.bind(process.stderr);

  beforeAll(async () => {
    // Everything the server prints, to prove that share tokens never reach the log.
    const capture = (chunk: unknown) => {
      logged.push(String(chunk));
      return true;
    };
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;
    server = await startTestServer(
      'embedded',
      {},
      {
        logs: { write: (line: string) => void logLines.push(...line.split('\n').filter(Boolean)) },
      },
    );
  });
  afterAll(async () => {
    process.stdout.write = originalWrite;
    process.stderr.write = originalError;
    await server?.close();
  });

  it('sends a strict Content-Security-Policy and the usual security headers on pages and API', async () => {
    const client = new HttpClient(server.url);
    for (const path of [
      '/login',
      '/projekte/x/fragebogen',
      '/api/user/current',
      '/assets/checks.js',
    ]) {
      const { headers } = await client.raw('GET', path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-powered-by')).toBeNull();
    }
  });

  it('serves the precompiled checks as a same-origin module without the Ajv compiler', async () => {
    const response = await new HttpClient(server.url).raw('GET', '/assets/checks.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.text).toContain('export');
    expect(response.text).not.toMatch(/new Function|\beval\(/);
  });

  it.each(['/assets/checks.js', '/api/config/definition', '/assets/presets/_sprite.svg'])(
    'sends %s brotli-compressed to a browser, the same text as uncompressed',
    async (path) => {
      const get = (encoding: string) =>
        fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } });
      const [browser, plain] = await Promise.all([get('gzip, deflate, br, zstd'), get('identity')]);
      expect(browser.headers.get('content-encoding')).toBe('br');
      expect(plain.headers.get('content-encoding')).toBeNull();
      const text = await plain.text();
      // As small as brotli makes it at a moderate quality: compressed for real, whatever the
      // size of the (fixture) catalogue's texts, not merely labelled `br`.
      const reference = brotliCompressSync(text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      });
      expect(Number(browser.headers.get('content-length'))).toBeLessThanOrEqual(reference.length);
      expect(reference.length).toBeLessThan(Number(plain.headers.get('content-length')));
      expect(await browser.text()).toBe(text);
    },
  );

  it('refuses a mutation without the CSRF token, and one without X-Requested-With', async () => {
    const { client } = await verifiedAccount(server);
    const withoutToken = await client.api(
      'POST',
      '/projects/create',
      { project_name: 'P', customer_firm: 'K' },
      { 'x-csrf-token': '' },
    );
    expect(withoutToken.status).toBe(403);
    const withoutHeader = await client.raw('POST', '/api/projects/create', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ project_name: 'P', customer_firm: 'K' }),
    });
    expect(withoutHeader.status).toBe(403);
    expect((await client.api<{ data: unknown[] }>('GET', '/projects')).body.data).toEqual([]);
  });

  it('never writes an edit token, a mail link or a password to the log, whatever happens with them', async () => {
    const { client, user, email } = await verifiedAccount(server);
    const project = (
      await client.api<{ data: { id: string; edit_token: string } }>('POST', '/projects/create', {
        project_name: 'P',
        customer_firm: 'K',
      })
    ).body.data;
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const sharePage = await customer.raw(
      'GET',
      `/share/${project.edit_token}/projekte/${project.id}/fragebogen?x=${project.edit_token}`,
    );
    await customer.api('GET', `/projects/${project.id}`);
    await customer.api('POST', `/projects/${project.id}/ideas`, { priority: 'kaputt' });
    await customer.api('PATCH', `/projects/${project.id}/frame`, { version: 99 });
    await customer.api('PUT', `/projects/${project.id}/approve`);
    await customer.api('POST', `/projects/${project.id}/ideas`, { idea: 'x', priority: 'low' });
    // Routing ignores case and decodes the path: every spelling of a share link is served, and
    // none may bring its token into the log.
    for (const spelling of [
      `/SHARE/${project.edit_token}/projekte/${project.id}/fragebogen`,
      `/Share/${project.edit_token}`,
      `/%73hare/${project.edit_token}/projekte/${project.id}/fragebogen`,
    ])
      await customer.raw('GET', spelling);
    // A reset link sent to a file: the log says where the mail is, never its link.
    const forgot = new HttpClient(server.url);
    await forgot.page('/passwort-vergessen');
    await forgot.form('/passwort-vergessen', { email });
    await client.api('PUT', `/projects/${project.id}/edit-token`);
    await customer.api('GET', `/projects/${project.id}`);
    const mails = await server.mails(); // the mail worker's lines too
    const links = mails.map((mail) => mail.link).filter((link) => link !== undefined);
    expect(links.some((link) => link.includes('/passwort-zuruecksetzen/'))).toBe(true);

    const everything = [...logged, ...logLines].join('');
    for (const link of links) expect(everything).not.toContain(new URL(link).pathname);
    expect(everything).not.toContain(project.edit_token);
    expect(everything).not.toContain(PASSWORD);
    expect(everything.toLowerCase()).not.toContain('x-edit-token');

    // One JSON line per request: id (as sent in X-Request-Id), method, redacted path, status,
    // duration, and the user when logged in.
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.req) as {
      level: string;
      req: { id: string; method: string; path: string };
      res: { status: number };
      duration_ms: number;
      user_id?: string;
      msg: string;
    }[];
    const share = requests.find((entry) => entry.req.path.startsWith('/share/'));
    expect(share).toMatchObject({
      level: 'info',
      req: {
        id: sharePage.headers.get('x-request-id'),
        method: 'GET',
        path: `/share/<redacted>/projekte/${project.id}/fragebogen`,
      },
      res: { status: 200 },
    });
    expect(share!.duration_ms).toBeTypeOf('number');
    expect(share!.user_id).toBeUndefined();
    const ownerRequest = requests.find(
      (entry) => entry.req.method === 'PUT' && entry.req.path.endsWith('/edit-token'),
    );
    expect(ownerRequest).toMatchObject({ user_id: user.id, res: { status: 200 } });
    expect(requests.some((entry) => entry.req.path.startsWith('/verify/<redacted>'))).toBe(true);
  });

  it('answers every request with an X-Request-Id, and keeps a well-formed one from a proxy', async () => {
    const client = new HttpClient(server.url);
    const fresh = await client.raw('GET', '/api/user/current');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const forwarded = await client.raw('GET', '/login', {
      headers: { 'x-request-id': 'proxy-1234-abcd' },
    });
    expect(forwarded.headers.get('x-request-id')).toBe('proxy-1234-abcd');
    const bogus = await client.raw('GET', '/login', {
      headers: { 'x-request-id': 'nicht gueltig!' },
    });
    expect(bogus.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
