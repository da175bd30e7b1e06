import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { formTokenMatches } from '../common/csrf.ts';
import type { User } from '../users/user.entity.ts';
import { RateLimitService } from './rate-limit.service.ts';

/** What the login guard found out, for the controller to answer with the right page. */
export type LoginOutcome =
  { kind: 'ok' } | { kind: 'failed' } | { kind: 'expired' } | { kind: 'blocked'; minutes: number };

declare module 'express' {
  interface Request {
    loginOutcome?: LoginOutcome;
  }
}

/**
 * Runs passport-local for the login form, after the form's CSRF token and the rate limit, and
 * logs the user in (passport regenerates the session id, so a planted id is worthless).
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
    const keys = {
      email: String(body.email ?? '')
        .trim()
        .slice(0, 254),
      ip: request.ip ?? 'unbekannt',
    };
    const minutes = await this.rateLimit.blockedMinutes('login', keys);
    if (minutes > 0) {
      request.loginOutcome = { kind: 'blocked', minutes };
      return true;
    }
    await super.canActivate(context);
    if (request.user) {
      await super.logIn(request);
      await this.rateLimit.forget('login', keys);
      request.loginOutcome = { kind: 'ok' };
    } else {
      await this.rateLimit.record('login', keys);
      request.loginOutcome = { kind: 'failed' };
    }
    return true;
  }

  override handleRequest<TUser = User>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    return (user || undefined) as TUser;
  }
}
