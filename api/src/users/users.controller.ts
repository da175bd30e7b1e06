import { Body, Controller, Get, Param, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import { unauthorized } from '../common/api-error.ts';
import { requestUser } from '../auth/request-user.ts';
import { userJson } from './user-json.ts';
import { UsersService } from './users.service.ts';

@Controller('api/user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('current')
  current(@Req() request: Request) {
    const user = requestUser(request);
    return { data: user ? userJson(user) : null };
  }

  @Patch(':id')
  async update(@Req() request: Request, @Param('id') id: string, @Body() body: unknown) {
    const user = requestUser(request);
    if (!user) throw unauthorized();
    return { data: userJson(await this.users.update(user, id, body)) };
  }

  @Patch(':id/change-password')
  async changePassword(@Req() request: Request, @Param('id') id: string, @Body() body: unknown) {
    const user = requestUser(request);
    if (!user) throw unauthorized();
    await this.users.changePassword(user, id, body);
    await new Promise<void>((resolve) => request.logout(() => resolve()));
    return { data: { changed: true } };
  }
}
