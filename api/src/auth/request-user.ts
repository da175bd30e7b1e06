import type { Request } from 'express';
import type { User } from '../users/user.entity.ts';

/** The logged-in user of a request, if any (set by passport from the session). */
export function requestUser(request: Request): User | undefined {
  return (request.user as User | undefined) ?? undefined;
}

/** The share token a request carries (`X-Edit-Token`), if any. */
export function requestEditToken(request: Request): string | undefined {
  const header = request.headers['x-edit-token'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 200 ? value : undefined;
}
