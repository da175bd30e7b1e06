import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.ts';
import { ProjectsModule } from '../projects/projects.module.ts';
import { QuestionMailsService } from './question-mails.service.ts';
import { QuestionsController } from './questions.controller.ts';
import { QuestionsService } from './questions.service.ts';
import { RemindersController } from './reminders.controller.ts';
import { RemindersService } from './reminders.service.ts';
import { UnsubscribePageController } from './unsubscribe-page.controller.ts';

/**
 * Working with the customer (docs/product.md#rückfragen): the Rückfragen with their replies and
 * the bundled mails about them, and the reminders with their unsubscribe page
 * (docs/product.md#erinnerungen); housekeeping runs the mail rounds of both.
 */
@Module({
  imports: [MailModule, ProjectsModule],
  controllers: [QuestionsController, RemindersController, UnsubscribePageController],
  providers: [QuestionsService, QuestionMailsService, RemindersService],
  exports: [QuestionMailsService, RemindersService, QuestionsService],
})
export class ClientLoopModule {}
