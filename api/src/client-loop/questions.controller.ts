import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import type { ProjectAccess } from '../projects/project-access.service.ts';
import { Access, ForProject } from '../projects/project-access.guard.ts';
import { SessionUser, VerifiedUser } from '../users/session-user.decorator.ts';
import type { UserRow } from '../users/user-row.ts';
import { QuestionsService } from './questions.service.ts';

/**
 * The Rückfragen of a project (docs/product.md#rückfragen): both sides read and reply to them,
 * only the agency's members ask and resolve them.
 */
@Controller('api/projects/:id/questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get()
  @ForProject('read')
  async list(@Access() access: ProjectAccess) {
    return { data: await this.questions.list(access) };
  }

  @Post()
  @ForProject('change')
  async ask(@Access() access: ProjectAccess, @VerifiedUser() user: UserRow, @Body() body: unknown) {
    return { data: await this.questions.ask(access, user, body) };
  }

  /** The customer while the project is open to them (`answer`), a member until it is archived. */
  @Post(':qid/replies')
  @ForProject('answer')
  async reply(
    @Access() access: ProjectAccess,
    @SessionUser() user: UserRow | undefined,
    @Param('qid') questionId: string,
    @Body() body: unknown,
  ) {
    return { data: await this.questions.reply(access, user, questionId, body) };
  }

  @Patch(':qid')
  @ForProject('change')
  async setResolved(
    @Access() access: ProjectAccess,
    @VerifiedUser() user: UserRow,
    @Param('qid') questionId: string,
    @Body() body: unknown,
  ) {
    return { data: await this.questions.setResolved(access, user, questionId, body) };
  }
}
