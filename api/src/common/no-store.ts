import type { NextFunction, Request, Response } from 'express';

/**
 * Marks every API response `Cache-Control: no-store` before anything answers it, so errors (401,
 * 403, 413, the exception filter's) carry it too: the answers hold a customer's strategy and an
 * account's data, which no browser cache, shared proxy or back button should keep. Set first, so
 * a route that deliberately allows revalidation of public data (the definition, `no-cache` with
 * an ETag) can still say so.
 */
export function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.set('Cache-Control', 'no-store');
  next();
}
