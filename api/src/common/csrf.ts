import { createHmac, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { sameSecret } from './secrets.ts';

/**
 * CSRF tokens without server state (docs/architecture.md#header-und-tokens), so that a visit
 * without login stores nothing:
 *
 * - **Logged in** (the app's API calls, `<meta name="csrf-token">`): an HMAC of the session id.
 *   It changes with the session id at login and is worthless for another session.
 * - **Not logged in** (the forms of login, registration, reset …): signed double submit. The
 *   page sets a random value in the cookie `fragewerk.csrf` (HttpOnly, SameSite=Lax) and puts
 *   its HMAC into the form; a post must bring both. Another site can neither read the cookie
 *   nor make the browser send it with a cross-site post, and without the key it cannot compute
 *   the HMAC of a value it planted.
 *
 * The key derives from the session secret (`useCsrf` in create-app.ts), so that every API
 * process with the same `SESSION_SECRET` accepts every token.
 */
export const CSRF_COOKIE = 'fragewerk.csrf';

/** Where the key lives: Express settings of the app, so each app in a process has its own. */
const KEY_SETTING = 'fragewerk csrf key';
const SECURE_SETTING = 'fragewerk csrf secure';

/**
 * Derives the CSRF key from the session secret and keeps it in the Express app; under HTTPS the
 * form cookie is `Secure` like the session cookie.
 */
export function useCsrf(
  app: { set(name: string, value: unknown): unknown },
  options: { secret: string; https: boolean },
) {
  app.set(KEY_SETTING, createHmac('sha256', options.secret).update('fragewerk csrf').digest());
  app.set(SECURE_SETTING, options.https);
}

/** Whether this app's cookies carry `Secure` (an `https://` APP_URL). */
export const secureCookies = (request: Request): boolean =>
  request.app.get(SECURE_SETTING) === true;

/** An HMAC of `value` for one purpose, with the key derived from the session secret. */
export function sign(
  request: Request,
  purpose: 'session' | 'form' | 'device',
  value: string,
): string {
  const key = request.app.get(KEY_SETTING) as Buffer | undefined;
  if (!key) throw new Error('CSRF-Schlüssel fehlt (useCsrf)');
  return createHmac('sha256', key).update(`${purpose}:${value}`).digest('base64url');
}

/** The random value of the form cookie, if the browser sent one that looks like ours. */
function formCookie(request: Request): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CSRF_COOKIE && value && /^[\w-]{43}$/.test(value)) return value;
  }
  return undefined;
}

/**
 * The token of the logged-in session, for `X-CSRF-Token` of API calls; undefined without login.
 */
export function sessionCsrfToken(request: Request): string | undefined {
  return request.user ? sign(request, 'session', request.sessionID) : undefined;
}

/**
 * The CSRF token for a page: the session's when logged in, else the form token of this browser
 * (setting its cookie on the response when it has none yet). Stores nothing on the server.
 */
export function csrfTokenFor(request: Request): string {
  const session = sessionCsrfToken(request);
  if (session) return session;
  let value = formCookie(request);
  if (!value) {
    value = randomBytes(32).toString('base64url');
    request.res?.cookie(CSRF_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(request),
      path: '/',
    });
  }
  return sign(request, 'form', value);
}

/** Whether a posted form carries the CSRF token of the page it came from (`_csrf`). */
export function formTokenMatches(request: Request): boolean {
  const form = (request.body ?? {}) as Record<string, unknown>;
  const sent = typeof form._csrf === 'string' ? form._csrf : '';
  const session = sessionCsrfToken(request);
  if (session) return sameSecret(sent, session);
  const value = formCookie(request);
  return value !== undefined && sameSecret(sent, sign(request, 'form', value));
}

/** Whether an API request of a logged-in session carries its token in `X-CSRF-Token`. */
export function headerTokenMatches(request: Request): boolean {
  const header = request.headers['x-csrf-token'];
  return sameSecret(Array.isArray(header) ? header[0] : header, sessionCsrfToken(request));
}
