import { Controller, Get } from '@nestjs/common';
import type { UserRow } from './user-row.ts';
import { userJson } from './user-json.ts';
import { SessionUser } from './session-user.decorator.ts';

/**
 * The current user. `PATCH /api/user/{id}` lives in the accounts module
 * (`account-settings.controller.ts`): a new e-mail address needs the password check and mails.
 */
@Controller('api/user')
export class UsersController {
  @Get('current')
  current(@SessionUser() user: UserRow | undefined) {
    return { data: user ? userJson(user) : null };
  }
}
