import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { UserRow } from '../users/user-row.ts';
import { VerifiedUser } from '../users/session-user.decorator.ts';
import { CustomerContactsService } from './customer-contacts.service.ts';
import type { ProjectAccess } from './project-access.service.ts';
import { Access, ForProject } from './project-access.guard.ts';

/** A project's customer contacts and the invitations mailed to them: the agency's members only. */
@Controller('api/projects/:id')
export class CustomerContactsController {
  constructor(private readonly contacts: CustomerContactsService) {}

  @Get('customer-contacts')
  @ForProject('manage')
  async list(@Access() access: ProjectAccess) {
    return { data: await this.contacts.list(access) };
  }

  @Post('customer-contacts')
  @ForProject('change')
  async add(@Access() access: ProjectAccess, @Body() body: unknown) {
    return { data: await this.contacts.add(access, body) };
  }

  @Delete('customer-contacts/:contactId')
  @HttpCode(204)
  @ForProject('change')
  async remove(@Access() access: ProjectAccess, @Param('contactId') contactId: string) {
    await this.contacts.remove(access, contactId);
  }

  @Post('invitations')
  @ForProject('change')
  async invite(
    @Access() access: ProjectAccess,
    @VerifiedUser() user: UserRow,
    @Body() body: unknown,
  ) {
    return { data: await this.contacts.invite(access, user, body) };
  }
}
