import type { NextFunction, Request, Response } from 'express';

/**
 * Marks every response `Cache-Control: no-store` before anything answers it, so errors (401, 403,
 * 413, the exception filter's) carry it too: API answers hold a customer's strategy and an
 * account's data, the server's own pages a CSRF token in their form and, for a reset or
 * confirmation link, a one-time token in their address – none of it for a browser cache, a shared
 * proxy or the back button. Set first, so what may be kept says so itself: the definition
 * (`no-cache` with an ETag), the pages' stylesheet, and the app's files, whose static server sets
 * its own caching when it serves one.
 */
export function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.set('Cache-Control', 'no-store');
  next();
}
