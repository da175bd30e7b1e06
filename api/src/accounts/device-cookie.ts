import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { secureCookies, sign } from '../common/csrf.ts';
import { sameSecret } from '../common/secrets.ts';

/**
 * The device cookie (OWASP's „device cookies“ against lock-out): after a successful login the
 * browser gets a random device id signed together with the account's address. A later login
 * for the same address that brings it counts against that device's own attempts instead of the
 * account's, so other people's wrong passwords never slow the owner down on a known browser.
 * It proves nothing else and opens nothing: the password is checked as always.
 */
export const DEVICE_COOKIE = 'fragewerk.device';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const normalized = (email: string) => email.trim().toLowerCase();

/** The device id, if the request brings a device cookie signed for `email`. */
export function deviceFor(request: Request, email: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== DEVICE_COOKIE || !value) continue;
    const [id, signature] = value.split('.');
    if (!id || !signature || !/^[\w-]{22}$/.test(id)) return undefined;
    const expected = sign(request, 'device', `${id}:${normalized(email)}`);
    return sameSecret(signature, expected) ? id : undefined;
  }
  return undefined;
}

/** Gives the browser a device cookie for `email` (after a login, or a reset from the mail). */
export function rememberDevice(request: Request, response: Response, email: string): void {
  const id = randomBytes(16).toString('base64url');
  const signature = sign(request, 'device', `${id}:${normalized(email)}`);
  response.cookie(DEVICE_COOKIE, `${id}.${signature}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
    path: '/',
    maxAge: ONE_YEAR_MS,
  });
}
