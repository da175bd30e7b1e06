import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { endSession } from '../accounts/session-scope.ts';
import type { UserRow } from '../users/user-row.ts';
import { VerifiedUser } from '../users/session-user.decorator.ts';
import { MembersService } from './members.service.ts';

/** The agency's members: the list for everyone in it, roles and removal for its owners. */
@Controller('api/agency/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  async list(@VerifiedUser() user: UserRow) {
    return { data: await this.members.list(user) };
  }

  @Patch(':userId')
  async setRole(
    @VerifiedUser() user: UserRow,
    @Param('userId') userId: string,
    @Body() body: unknown,
  ) {
    return { data: await this.members.setRole(user, userId, body) };
  }

  /** 204; who removed themself is logged out like after deleting their account. */
  @Delete(':userId')
  @HttpCode(204)
  async remove(
    @VerifiedUser() user: UserRow,
    @Param('userId') userId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.members.remove(user, userId);
    if (user.id === userId) await endSession(request, response);
  }
}
