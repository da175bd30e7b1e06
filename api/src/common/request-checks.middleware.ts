import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { forbidden } from './api-error.ts';
import { t } from './messages.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Constant-time comparison of two strings. */
export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * DESIGN §4: every mutating API request carries `X-Requested-With` (which a cross-site form
 * cannot send), and one made in a logged-in session also the session's CSRF token.
 */
export function requestChecks(request: Request, _response: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(request.method)) return next();
  if (!request.headers['x-requested-with'])
    return next(forbidden(t('errors.missingRequestedWith')));
  if (request.user) {
    const token = request.headers['x-csrf-token'];
    if (!sameSecret(Array.isArray(token) ? token[0] : token, request.session?.csrfToken)) {
      return next(forbidden(t('errors.csrf')));
    }
  }
  next();
}
