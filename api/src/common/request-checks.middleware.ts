import type { NextFunction, Request, Response } from 'express';
import { forbidden } from './api-error.ts';
import { headerTokenMatches } from './csrf.ts';
import { t } from './messages.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every mutating API request carries `X-Requested-With` (which a cross-site form cannot send),
 * and one made in a logged-in session also the session's CSRF token
 * (docs/architecture.md#api-konventionen).
 */
export function requestChecks(request: Request, _response: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(request.method)) return next();
  if (!request.headers['x-requested-with'])
    return next(forbidden(t('errors.missingRequestedWith')));
  if (request.user && !headerTokenMatches(request)) return next(forbidden(t('errors.csrf')));
  next();
}
