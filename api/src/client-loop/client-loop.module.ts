import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.ts';
import { ProjectsModule } from '../projects/projects.module.ts';
import { QuestionMailsService } from './question-mails.service.ts';
import { QuestionsController } from './questions.controller.ts';
import { QuestionsService } from './questions.service.ts';

/**
 * Working with the customer (docs/product.md#rückfragen): the Rückfragen with their replies and
 * the bundled mails about them, whose rounds housekeeping runs.
 */
@Module({
  imports: [MailModule, ProjectsModule],
  controllers: [QuestionsController],
  providers: [QuestionsService, QuestionMailsService],
  exports: [QuestionMailsService],
})
export class ClientLoopModule {}
