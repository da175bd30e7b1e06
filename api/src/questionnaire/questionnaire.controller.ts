import { Body, Controller, Delete, Param, Patch, Post, Put } from '@nestjs/common';
import type { ProjectAccess } from '../projects/project-access.service.ts';
import { Access } from '../projects/project-access.guard.ts';
import { QuestionnaireService, type StepRef } from './questionnaire.service.ts';
import { AnswerStep, Claim, ClaimedStep, Step } from './step.guard.ts';
import type { AnswerClaim } from '../projects/project-access.service.ts';

/** `{kind}` is a step key of the definition; the routes exist for every step, with no code per step. */
@Controller('api/projects/:id/:kind')
export class QuestionnaireController {
  constructor(private readonly questionnaire: QuestionnaireService) {}

  @Post()
  @AnswerStep('list')
  async add(@Access() access: ProjectAccess, @Step() step: StepRef, @Body() body: unknown) {
    return { data: await this.questionnaire.addItem(access, step, body) };
  }

  @Patch()
  @ClaimedStep('form')
  async saveForm(@Claim() claim: AnswerClaim, @Step() step: StepRef, @Body() body: unknown) {
    return { data: await this.questionnaire.saveFormFor(claim, step, body) };
  }

  @Put('order')
  @AnswerStep('list')
  async reorder(@Access() access: ProjectAccess, @Step() step: StepRef, @Body() body: unknown) {
    return { data: await this.questionnaire.reorder(access, step, body) };
  }

  @Patch(':itemId')
  @ClaimedStep('list')
  async update(
    @Claim() claim: AnswerClaim,
    @Step() step: StepRef,
    @Param('itemId') itemId: string,
    @Body() body: unknown,
  ) {
    return { data: await this.questionnaire.updateItemFor(claim, step, itemId, body) };
  }

  @Delete(':itemId')
  @AnswerStep('list')
  async remove(
    @Access() access: ProjectAccess,
    @Step() step: StepRef,
    @Param('itemId') itemId: string,
  ) {
    await this.questionnaire.deleteItem(access, step, itemId);
    return { data: { id: itemId } };
  }
}
