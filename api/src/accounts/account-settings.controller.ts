import { Body, Controller, Param, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { UserRow } from '../users/user-row.ts';
import { LoggedInUser } from '../users/session-user.decorator.ts';
import { EmailChangeService } from './email-change.service.ts';

/**
 * PATCH /api/user/{id}, the account settings. Here rather than in the users module: a new e-mail
 * address needs the password check, the mail limit, tokens and mails of this module.
 */
@Controller('api/user')
export class AccountSettingsController {
  constructor(private readonly emailChange: EmailChangeService) {}

  @Patch(':id')
  async update(
    @Req() request: Request,
    @LoggedInUser() user: UserRow,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    const requester = { ip: request.ip ?? 'unbekannt', sessionId: request.sessionID };
    return { data: await this.emailChange.update(user, id, body, requester) };
  }
}
