import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { forbidden, unauthorized } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import type { UserRow } from './user-row.ts';

/** The logged-in user of a request, if any (passport sets it from the session). */
export function sessionUser(request: Request): UserRow | undefined {
  return (request.user as UserRow | undefined) ?? undefined;
}

const userOf = (context: ExecutionContext) =>
  sessionUser(context.switchToHttp().getRequest<Request>());

/** Route parameter: the logged-in user, or undefined. */
export const SessionUser = createParamDecorator((_: unknown, context: ExecutionContext) =>
  userOf(context),
);

/** Route parameter: the logged-in user; 401 without a login. */
export const LoggedInUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const user = userOf(context);
  if (!user) throw unauthorized();
  return user;
});

/** Route parameter: the logged-in and verified user; 401 without a login, 403 before activation. */
export const VerifiedUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const user = userOf(context);
  if (!user) throw unauthorized();
  if (!user.verified_at) throw forbidden(t('errors.notVerified'));
  return user;
});
