import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { redactPath } from './redact.ts';

/** The logger of the request being handled, so that a service's log line names its request. */
const requestLogger = new AsyncLocalStorage<Logger>();

/** The current request's logger, or `root` outside a request. */
export const currentLogger = (root: Logger): Logger => requestLogger.getStore() ?? root;

/** A load balancer polls these every few seconds; their successes are logged at `debug` only. */
const HEALTH_CHECKS = new Set(['/healthz', '/readyz']);

/** A request id from a proxy is kept when it looks like one; anything else gets a new id. */
const ACCEPTED_ID = /^[\w.:-]{8,100}$/;

type Request = IncomingMessage & { id?: unknown; originalUrl?: string; user?: { id?: string } };

const pathOf = (request: Request) => redactPath(request.originalUrl ?? request.url ?? '');

/**
 * One log line per request, written when the response is finished: request id (also sent back as
 * `X-Request-Id`), method, path (secrets redacted, no query), status, duration in milliseconds and
 * the logged-in user's id. Headers, bodies and cookies are never logged. A response with an
 * error attached (`response.err`, set by the exception filter) is logged at `error` with its stack.
 */
export function httpLogger(logger: Logger) {
  const middleware = pinoHttp<Request, ServerResponse>({
    logger,
    genReqId(request, response) {
      const incoming = request.headers['x-request-id'];
      const id =
        typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
      response.setHeader('X-Request-Id', id);
      return id;
    },
    customAttributeKeys: { responseTime: 'duration_ms' },
    serializers: {
      req: (request: { id: unknown; method: string; raw: Request }) => ({
        id: request.id,
        method: request.method,
        path: pathOf(request.raw),
      }),
      res: (response: { statusCode: number }) => ({ status: response.statusCode }),
    },
    customProps: (request) => (request.user?.id ? { user_id: request.user.id } : {}),
    customLogLevel: (request, response, error) =>
      error || response.statusCode >= 500
        ? 'error'
        : HEALTH_CHECKS.has(pathOf(request)) && response.statusCode < 400
          ? 'debug'
          : 'info',
    customSuccessMessage: (request, response) =>
      `${request.method} ${pathOf(request)} ${response.statusCode}`,
    customErrorMessage: (request, response) =>
      `${request.method} ${pathOf(request)} ${response.statusCode}`,
  });
  return (request: Request, response: ServerResponse, next: () => void) =>
    middleware(request, response, () =>
      requestLogger.run((request as Request & { log: Logger }).log, next),
    );
}
