import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../src/mail/mail.service.ts';
import { MailOutboxWorker } from '../src/mail/mail-outbox.worker.ts';
import { freePort } from './server-process.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * `/metrics` (docs/architecture.md#betrieb): closed (404) unless METRICS_TOKEN or METRICS_PORT is
 * set; with the token only for `Authorization: Bearer <token>`; with METRICS_PORT only on
 * 127.0.0.1 at that port. Requests are counted by route template and status, never by URL; the
 * outbox gauge follows the mails waiting in the database.
 */

const TOKEN = 'ein-langes-metrik-token-fuer-tests';

/** The value of one series in Prometheus's text format, or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const series = line.slice(0, line.lastIndexOf(' '));
    const matches = Object.entries(labels).every(([key, value]) =>
      series.includes(`${key}="${value}"`),
    );
    if (matches) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics closed by default', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('embedded');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /metrics with the 404 of any unknown path, also with a bearer token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const withToken = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.status).toBe(404);
    expect(await withToken.text()).not.toContain('fragewerk_');
  });
});

describe.each(DATABASES)('metrics with METRICS_TOKEN (%s database)', (database) => {
  let server: TestServer;
  let deadSmtpPort: number;

  beforeAll(async () => {
    // Nobody listens there: every mail stays in the outbox, and every attempt fails.
    deadSmtpPort = await freePort();
    server = await startTestServer(database, {
      metricsToken: TOKEN,
      smtpUrl: `smtp://127.0.0.1:${deadSmtpPort}`,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.getSetCookie()).toEqual([]);
    return response.text();
  };

  it('asks for the bearer token: 401 in German without it or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer ', `Basic ${TOKEN}`]) {
      const response = await fetch(`${server.url}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.text()).toMatch(/^Die Metriken brauchen den Header Authorization/);
    }
  });

  it('serves the process metrics: memory, event-loop lag, the database pool', async () => {
    const text = await scrape();
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
    expect(valueOf(text, 'fragewerk_db_pool_max')).toBeGreaterThanOrEqual(4);
    expect(valueOf(text, 'fragewerk_db_pool_connections')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'fragewerk_db_pool_waiting')).toBeGreaterThanOrEqual(0);
  });

  it('counts requests by route template and status, never by their URL', async () => {
    const id = randomUUID();
    for (let index = 0; index < 3; index += 1) {
      const response = await fetch(`${server.url}/api/projects/${id}`);
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    const unknown = `/gibt-es-nicht-${randomUUID()}`;
    expect((await fetch(`${server.url}${unknown}`)).status).toBe(404);
    const text = await scrape();
    expect(text).not.toContain(id);
    expect(text).not.toContain(unknown);
    const status = String((await fetch(`${server.url}/api/projects/${id}`)).status);
    const after = await scrape();
    const labels = { method: 'GET', route: '/api/projects/:id', status };
    expect(valueOf(after, 'fragewerk_http_requests_total', labels)).toBe(4);
    expect(valueOf(after, 'fragewerk_http_request_duration_seconds_count', labels)).toBe(4);
    expect(
      valueOf(after, 'fragewerk_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(4);
    // Every route label is a template: no id of any kind.
    const routes = [...after.matchAll(/route="([^"]*)"/g)].map((match) => match[1]!);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    // Paths no route knows share the catch-all's template (the app's 404 page).
    expect(
      valueOf(after, 'fragewerk_http_requests_total', { route: '/{*path}', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // The health check is its own route; the scrapes themselves count as unmatched.
    await fetch(`${server.url}/healthz`);
    expect(
      valueOf(await scrape(), 'fragewerk_http_requests_total', { route: '/healthz' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows the outbox growing when a mail is queued, and the failed attempt', async () => {
    const pendingNow = () =>
      scrape().then((text) => valueOf(text, 'fragewerk_mail_outbox', { state: 'pending' }));
    const before = (await pendingNow())!;
    expect(before).toBeGreaterThanOrEqual(0);
    await server.orm.em.fork().transactional((em) =>
      server.app.get(MailService).enqueue(em, {
        to: 'metriken@example.de',
        template: 'reset',
        values: {},
        link: 'http://fragewerk.test/x',
      }),
    );
    expect(await pendingNow()).toBe(before + 1);
    await server.app.get(MailOutboxWorker).deliverDue();
    const text = await scrape();
    // The mail waits for its retry: still in the outbox, one failed attempt more.
    expect(valueOf(text, 'fragewerk_mail_outbox', { state: 'pending' })).toBe(before + 1);
    expect(
      valueOf(text, 'fragewerk_mail_send_failures_total', { final: 'false' }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('metrics on METRICS_PORT', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer('embedded', { metricsPort: port, metricsToken: TOKEN });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves them on 127.0.0.1 at that port only, not on the app port', async () => {
    expect(server.metricsPort).toBe(port);
    const onApp = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(onApp.status).toBe(404);
    const own = `http://127.0.0.1:${port}`;
    // METRICS_TOKEN set as well: asked for there too.
    expect((await fetch(`${own}/metrics`)).status).toBe(401);
    await fetch(`${server.url}/healthz`);
    const response = await fetch(`${own}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(valueOf(text, 'fragewerk_http_requests_total', { route: '/healthz' })).toBe(1);
    expect((await fetch(`${own}/anderes`)).status).toBe(404);
  });

  it('stops serving them when the server closes', async () => {
    await server.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    server = undefined as unknown as TestServer;
  });
});
