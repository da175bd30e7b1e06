import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Request } from 'express';
import { t } from '../common/messages.ts';
import { UNMATCHED_ROUTE } from './metrics-options.ts';
import type { MetricsService } from './metrics.service.ts';

/** The metrics as Prometheus reads them. */
export interface Scrape {
  contentType: string;
  body: string;
}

/** The path of the metrics, on the app's port (`METRICS_TOKEN`) or on `METRICS_PORT`. */
export const METRICS_PATH = '/metrics';

/**
 * Times every request and counts it by its route template – the path a route was declared with,
 * such as `/api/projects/:id/:step`, never the requested URL (whose ids would make a series per
 * project) – and status code. Requests no route answered share one label (`UNMATCHED_ROUTE`).
 * Per request: a clock read, a `finish` listener and a map lookup (the autosave's throughput is
 * a benchmarked budget, BENCHMARKS.md).
 */
export function httpMetrics(metrics: MetricsService) {
  return (request: Request, response: ServerResponse, next: () => void) => {
    const started = performance.now();
    response.once('finish', () => {
      // Express keeps the matched route on the request; the router sets it before the handler.
      const route: unknown = (request.route as { path?: unknown } | undefined)?.path;
      metrics.observeRequest(
        request.method,
        typeof route === 'string' ? route : UNMATCHED_ROUTE,
        response.statusCode,
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the request carries `Authorization: Bearer <token>`. Both sides are hashed first, so
 * that the comparison takes the same time whatever the length and content of a guess.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * Answers a request for the metrics: 401 without the right bearer token (when `token` is set),
 * else the scrape. Plain node:http, so that it serves both the app's port and `METRICS_PORT`.
 */
async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  token: string | undefined,
  scrape: () => Promise<Scrape>,
): Promise<void> {
  response.setHeader('Cache-Control', 'no-store');
  if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
    response.statusCode = 401;
    response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end(t('metrics.unauthorized'));
    return;
  }
  try {
    const { contentType, body } = await scrape();
    response.statusCode = 200;
    response.setHeader('Content-Type', contentType);
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    response.statusCode = 503;
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end(t('metrics.unavailable'));
  }
}

const isScrape = (request: IncomingMessage, path: string) =>
  path === METRICS_PATH && (request.method === 'GET' || request.method === 'HEAD');

/**
 * `/metrics` on the app's port, for `METRICS_TOKEN` without `METRICS_PORT`: only with the bearer
 * token. Comes before sessions and the request context, like the health checks: a scrape stores
 * nothing. Without the token configured nothing is mounted, and `/metrics` is the app's 404.
 */
export function metricsRoute(token: string, scrape: () => Promise<Scrape>) {
  return (request: Request, response: ServerResponse, next: () => void) => {
    if (!isScrape(request, request.path)) return next();
    void answer(request, response, token, scrape);
  };
}

/**
 * `/metrics` on its own port, bound to 127.0.0.1 only (a Prometheus on the same host, or a
 * sidecar); with `METRICS_TOKEN` also set, the token is asked for there too. Everything else on
 * that port is a 404.
 */
export async function serveMetricsPort(
  port: number,
  token: string | undefined,
  scrape: () => Promise<Scrape>,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    if (isScrape(request, path)) return void answer(request, response, token, scrape);
    response.statusCode = 404;
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end(t('metrics.notFound'));
  });
  // A scrape holds no connection open for long; keep-alive sockets must not delay a shutdown.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
