import { Body, Controller, Param, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { UserRow } from '../users/user-row.ts';
import { LoggedInUser } from '../users/session-user.decorator.ts';
import { AccountsService } from './accounts.service.ts';

/** The password change of the account settings; it ends every session, this one included. */
@Controller('api/user')
export class PasswordChangeController {
  constructor(private readonly accounts: AccountsService) {}

  @Patch(':id/change-password')
  async changePassword(
    @Req() request: Request,
    @LoggedInUser() user: UserRow,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    await this.accounts.changePassword(user, id, body);
    await new Promise<void>((resolve) => request.logout(() => resolve()));
    return { data: { changed: true } };
  }
}
