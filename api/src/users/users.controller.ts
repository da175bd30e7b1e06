import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import type { UserRow } from './user-row.ts';
import { userJson } from './user-json.ts';
import { LoggedInUser, SessionUser } from './session-user.decorator.ts';
import { UsersService } from './users.service.ts';

@Controller('api/user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('current')
  current(@SessionUser() user: UserRow | undefined) {
    return { data: user ? userJson(user) : null };
  }

  @Patch(':id')
  async update(@LoggedInUser() user: UserRow, @Param('id') id: string, @Body() body: unknown) {
    return { data: userJson(await this.users.update(user, id, body)) };
  }
}
