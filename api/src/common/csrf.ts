import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { sameSecret } from './secrets.ts';

declare module 'express-session' {
  interface SessionData {
    csrfToken?: string;
  }
}

/** The session's CSRF token, created on first use (this starts a session for the visitor). */
export function csrfTokenFor(request: Request): string {
  if (!request.session.csrfToken) request.session.csrfToken = randomBytes(32).toString('base64url');
  return request.session.csrfToken;
}

/** Whether a posted form carries the CSRF token of the page it came from (`_csrf`). */
export function formTokenMatches(request: Request): boolean {
  const form = (request.body ?? {}) as Record<string, unknown>;
  return sameSecret(typeof form._csrf === 'string' ? form._csrf : '', request.session.csrfToken);
}
