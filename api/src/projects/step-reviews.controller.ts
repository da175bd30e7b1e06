import { Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';
import type { ProjectAccess } from './project-access.service.ts';
import { Access, ForProject } from './project-access.guard.ts';
import { StepReviewsService } from './step-reviews.service.ts';

/** The „geprüft“ marks on a project's steps: the agency's members only. */
@Controller('api/projects/:id/reviews/:step')
export class StepReviewsController {
  constructor(private readonly reviews: StepReviewsService) {}

  @Put()
  @ForProject('change')
  async mark(@Access() access: ProjectAccess, @Param('step') step: string) {
    return { data: await this.reviews.mark(access, step) };
  }

  @Delete()
  @HttpCode(204)
  @ForProject('change')
  async remove(@Access() access: ProjectAccess, @Param('step') step: string) {
    await this.reviews.remove(access, step);
  }
}
