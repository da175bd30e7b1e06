import type { Server, ServerResponse } from 'node:http';

/** The HTTP side of a shutdown: whether it has begun, and how to stop serving. */
export interface GracefulHttp {
  /** True once `drain()` was called: readiness answers 503 from then on. */
  readonly draining: boolean;
  /**
   * Stops accepting connections, lets every request in flight finish and closes each
   * connection after its last response (keep-alive connections too); resolves when none is
   * left.
   */
  drain(): Promise<void>;
}

/**
 * Watches the responses of `server` so that a shutdown can end keep-alive connections after
 * their request in flight instead of waiting for their idle timeout. Node's `server.close()`
 * only closes idle connections; one busy when it is called would stay open for the next request.
 */
export function gracefulHttp(server: Server): GracefulHttp {
  const open = new Set<ServerResponse>();
  let draining = false;
  let closed: Promise<void> | undefined;

  const lastOnItsConnection = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };

  server.prependListener('request', (_request, response: ServerResponse) => {
    open.add(response);
    if (draining) lastOnItsConnection(response);
    response.once('close', () => {
      open.delete(response);
      // A response whose headers were already out when the shutdown began leaves its
      // connection idle; close it now.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    get draining() {
      return draining;
    },
    drain() {
      if (closed) return closed;
      draining = true;
      for (const response of open) lastOnItsConnection(response);
      closed = new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}
