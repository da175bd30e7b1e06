import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { formTokenMatches } from '../common/csrf.ts';
import type { User } from '../users/user.entity.ts';
import { deviceFor, rememberDevice } from './device-cookie.ts';
import { RateLimitService, type LoginKeys } from './rate-limit.service.ts';

/** What the login guard found out, for the controller to answer with the right page. */
export type LoginOutcome =
  { kind: 'ok' } | { kind: 'failed' } | { kind: 'expired' } | { kind: 'blocked'; message: string };

declare module 'express' {
  interface Request {
    loginOutcome?: LoginOutcome;
  }
}

/**
 * Runs passport-local for the login form, after the form's CSRF token and the rate limit, and
 * logs the user in (passport regenerates the session id, so a planted id is worthless). The
 * attempt is counted before the password is checked: parallel guesses cannot slip past a limit
 * that would only count them afterwards.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(private readonly rateLimit: RateLimitService) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!formTokenMatches(request)) {
      request.loginOutcome = { kind: 'expired' };
      return true;
    }
    const email = String(body.email ?? '')
      .trim()
      .slice(0, 254);
    const keys: LoginKeys = {
      email,
      ip: request.ip ?? 'unbekannt',
      device: deviceFor(request, email),
    };
    const refusal = await this.rateLimit.takeLogin(keys);
    if (refusal) {
      request.loginOutcome = { kind: 'blocked', message: refusal.message };
      return true;
    }
    await super.canActivate(context);
    if (request.user) {
      await super.logIn(request);
      await this.rateLimit.loginSucceeded(keys);
      if (!keys.device) rememberDevice(request, request.res!, email);
      request.loginOutcome = { kind: 'ok' };
    } else {
      request.loginOutcome = { kind: 'failed' };
    }
    return true;
  }

  override handleRequest<TUser = User>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    return (user || undefined) as TUser;
  }
}
