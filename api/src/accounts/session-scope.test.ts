import type { Request, RequestHandler } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { hasCookie, mayHaveSession, SESSION_COOKIE, withSessionOnly } from './session-scope.ts';

const request = (path: string, cookie?: string) =>
  ({ path, headers: cookie === undefined ? {} : { cookie } }) as unknown as Request;

describe('session scope', () => {
  it('finds the session cookie among others, not a cookie that only ends with its name', () => {
    expect(hasCookie(request('/', `a=1; ${SESSION_COOKIE}=s%3Aabc`), SESSION_COOKIE)).toBe(true);
    expect(hasCookie(request('/', `${SESSION_COOKIE}=x`), SESSION_COOKIE)).toBe(true);
    expect(hasCookie(request('/', `other.${SESSION_COOKIE}=x`), SESSION_COOKIE)).toBe(false);
    expect(hasCookie(request('/', 'fragewerk.csrf=abc'), SESSION_COOKIE)).toBe(false);
    expect(hasCookie(request('/'), SESSION_COOKIE)).toBe(false);
  });

  it('gives pages always a session (the login starts one there), API requests only with the cookie', () => {
    expect(mayHaveSession(request('/login'))).toBe(true);
    expect(mayHaveSession(request('/dashboard'))).toBe(true);
    expect(mayHaveSession(request('/api/projects/1/goals'))).toBe(false);
    expect(mayHaveSession(request('/api/projects/1/goals', `${SESSION_COOKIE}=x`))).toBe(true);
  });

  it('runs the middleware only where a session may be, and always goes on', () => {
    const middleware = vi.fn<RequestHandler>((_request, _response, next) => next());
    const next = vi.fn();
    const scoped = withSessionOnly(middleware);
    scoped(request('/api/projects'), {} as never, next);
    expect(middleware).not.toHaveBeenCalled();
    scoped(request('/api/projects', `${SESSION_COOKIE}=x`), {} as never, next);
    expect(middleware).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(2);
  });
});
