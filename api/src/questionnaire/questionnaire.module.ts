import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.ts';
import { QuestionnaireController } from './questionnaire.controller.ts';
import { QuestionnaireService } from './questionnaire.service.ts';

/** The generic step endpoints; the answers they write belong to the project (projects module). */
@Module({
  imports: [ProjectsModule],
  controllers: [QuestionnaireController],
  providers: [QuestionnaireService],
})
export class QuestionnaireModule {}
