import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { verifiedAccount } from './accounts.ts';
import { startTestServer, type TestServer } from './test-server.ts';

describe('hardening', () => {
  let server: TestServer;
  const logged: string[] = [];
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
    server = await startTestServer('embedded', {}, { logs: true });
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

  it('never writes an edit token to the log, whatever happens with it', async () => {
    const { client } = await verifiedAccount(server);
    const project = (
      await client.api<{ data: { id: string; edit_token: string } }>('POST', '/projects/create', {
        project_name: 'P',
        customer_firm: 'K',
      })
    ).body.data;
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    await customer.page(`/share/${project.edit_token}/projekte/${project.id}/fragebogen`);
    await customer.api('GET', `/projects/${project.id}`);
    await customer.api('POST', `/projects/${project.id}/stakeholders`, { is_external: 'kaputt' });
    await customer.api('PATCH', `/projects/${project.id}/brandpersonality`, { version: 99 });
    await customer.api('PUT', `/projects/${project.id}/approve`);
    await customer.api('POST', `/projects/${project.id}/competitors`, {
      name: 'x',
      explanation: 'y',
      importance: 1,
    });
    await client.api('PUT', `/projects/${project.id}/edit-token`);
    await customer.api('GET', `/projects/${project.id}`);
    expect(logged.join('')).not.toContain(project.edit_token);
  });
});
