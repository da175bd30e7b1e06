import { randomBytes } from 'node:crypto';
import type { Request } from 'express';

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
