import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { UserRow } from '../users/user-row.ts';
import { VerifiedUser } from '../users/session-user.decorator.ts';
import { InvitationsService } from './invitations.service.ts';

/** The agency's invitations, for its owners. */
@Controller('api/agency/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  async list(@VerifiedUser() user: UserRow) {
    return { data: await this.invitations.list(user) };
  }

  @Post()
  async invite(@VerifiedUser() user: UserRow, @Body() body: unknown) {
    return { data: await this.invitations.invite(user, body) };
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(@VerifiedUser() user: UserRow, @Param('id') id: string): Promise<void> {
    await this.invitations.revoke(user, id);
  }
}
