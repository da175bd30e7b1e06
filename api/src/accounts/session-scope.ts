import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The name of the session cookie (express-session's `name`). */
export const SESSION_COOKIE = 'fragewerk.sid';

/** Whether the request's `Cookie` header carries the cookie `name`. */
export function hasCookie(request: Request, name: string): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  return header.split(';').some((part) => part.trimStart().startsWith(`${name}=`));
}

/**
 * Whether a request can have a session or start one. Sessions start only at the login page
 * (docs/architecture.md#sitzungen-und-prozesse), so an API request without the session cookie —
 * every request of a customer with the share link — has none and gets none.
 */
export const mayHaveSession = (request: Request): boolean =>
  !request.path.startsWith('/api/') || hasCookie(request, SESSION_COOKIE);

/**
 * Runs a session middleware (express-session, passport's session) only for requests that may have
 * a session. For the others express-session would make one up — a random id, a cookie object, a
 * hash of it when the response ends — only to throw it away: about a tenth of the CPU time of a
 * share-link save (BENCHMARKS.md). Without it `request.session` and `request.user` stay unset,
 * which is what an anonymous request has.
 */
export const withSessionOnly =
  (middleware: RequestHandler): RequestHandler =>
  (request: Request, response: Response, next: NextFunction) =>
    mayHaveSession(request) ? middleware(request, response, next) : next();

/**
 * Ends this browser's session like a logout: passport forgets the user, the session row goes and
 * the cookie is cleared (logout, an account deleted, an address confirmed from a logged-in
 * browser).
 */
export async function endSession(request: Request, response: Response): Promise<void> {
  await new Promise<void>((resolve) => request.logout(() => resolve()));
  await new Promise<void>((resolve) => request.session.destroy(() => resolve()));
  response.clearCookie(SESSION_COOKIE);
}
