import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { redactPath } from './redact.ts';

/** What a request's log lines carry, and its logger once a service asked for it. */
interface RequestLog {
  req: { id: string; method: string; path: string };
  logger?: Logger;
}

/** The request being handled, so that a service's log line names its request. */
const requestLog = new AsyncLocalStorage<RequestLog>();

/**
 * The current request's logger (`root` with the request's `req` bound), or `root` outside a
 * request. Made on the first log line of a service: most requests log only their own line.
 */
export const currentLogger = (root: Logger): Logger => {
  const current = requestLog.getStore();
  if (!current) return root;
  return (current.logger ??= root.child({ req: current.req }));
};

/** A load balancer polls these every few seconds; their successes are logged at `debug` only. */
const HEALTH_CHECKS = new Set(['/healthz', '/readyz']);

/** A request id from a proxy is kept when it looks like one; anything else gets a new id. */
const ACCEPTED_ID = /^[\w.:-]{8,100}$/;

type Request = IncomingMessage & { originalUrl?: string; user?: { id?: string } };
type Response = ServerResponse & { err?: unknown };

function levelOf(path: string, status: number, failed: boolean): 'error' | 'debug' | 'info' {
  if (failed || status >= 500) return 'error';
  return HEALTH_CHECKS.has(path) && status < 400 ? 'debug' : 'info';
}

/**
 * One log line per request, written when the response is finished: request id (also sent back as
 * `X-Request-Id`), method, path (secrets redacted, no query), status, duration in milliseconds and
 * the logged-in user's id. Headers, bodies and cookies are never logged. A response with an
 * error attached (`response.err`, set by the exception filter) is logged at `error` with its stack;
 * a connection closed before the response was sent, as "request aborted". Written by hand instead
 * of with pino-http, which made three child loggers per request (BENCHMARKS.md).
 */
export function httpLogger(logger: Logger) {
  return (request: Request, response: Response, next: () => void) => {
    const started = performance.now();
    const incoming = request.headers['x-request-id'];
    const id = typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
    response.setHeader('X-Request-Id', id);
    const req = {
      id,
      method: request.method ?? '',
      path: redactPath(request.originalUrl ?? request.url ?? ''),
    };
    const done = () => {
      response.off('close', done);
      response.off('finish', done);
      const aborted = !response.writableFinished;
      const err = response.err ?? (aborted ? new Error('request aborted') : undefined);
      const status = response.statusCode;
      const level = levelOf(req.path, status, Boolean(err));
      if (!logger.isLevelEnabled(level)) return;
      const userId = request.user?.id;
      logger[level](
        {
          req,
          ...(userId ? { user_id: userId } : {}),
          res: { status },
          ...(err ? { err } : {}),
          duration_ms: Math.round(performance.now() - started),
        },
        `${req.method} ${req.path} ${status}`,
      );
    };
    response.on('close', done);
    response.on('finish', done);
    requestLog.run({ req }, next);
  };
}
