import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.ts';
import { ActivityController } from './activity.controller.ts';
import { ActivityService } from './activity.service.ts';
import { StepReviewsController } from './step-reviews.controller.ts';
import { StepReviewsService } from './step-reviews.service.ts';
import { CustomerContactsController } from './customer-contacts.controller.ts';
import { CustomerContactsService } from './customer-contacts.service.ts';
import { DefinitionMovesService } from './definition-moves.service.ts';
import { ExportController } from './export.controller.ts';
import { ExportService } from './export.service.ts';
import { ProjectAccessService } from './project-access.service.ts';
import { ProjectsController } from './projects.controller.ts';
import { ProjectsService } from './projects.service.ts';
import { QuestionnairesController } from './questionnaires.controller.ts';
import { ResultsController } from './results.controller.ts';
import { ResultsService } from './results.service.ts';

/**
 * Customer projects with their answers and their results view's lists, who may do what with
 * them, and the catalogue new projects choose from. The questionnaire module
 * uses the access check (through `@ForProject()`) and the answers repository.
 */
@Module({
  imports: [MailModule],
  controllers: [
    ProjectsController,
    ResultsController,
    ExportController,
    QuestionnairesController,
    CustomerContactsController,
    StepReviewsController,
    ActivityController,
  ],
  providers: [
    ProjectsService,
    ProjectAccessService,
    DefinitionMovesService,
    ResultsService,
    ExportService,
    CustomerContactsService,
    StepReviewsService,
    ActivityService,
  ],
  exports: [ProjectAccessService, ActivityService],
})
export class ProjectsModule {}
