import { Controller, HttpCode, Post } from '@nestjs/common';
import { Access, ForProject } from '../projects/project-access.guard.ts';
import type { ProjectAccess } from '../projects/project-access.service.ts';
import type { UserRow } from '../users/user-row.ts';
import { VerifiedUser } from '../users/session-user.decorator.ts';
import { RemindersService } from './reminders.service.ts';

/** A reminder sent now by the agency (docs/product.md#erinnerungen): members only. */
@Controller('api/projects/:id')
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @Post('reminders')
  @HttpCode(200)
  @ForProject('change')
  async sendNow(@Access() access: ProjectAccess, @VerifiedUser() user: UserRow) {
    return { data: await this.reminders.sendNow(access, user) };
  }
}
