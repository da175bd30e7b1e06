import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { visibleDefinition } from '@fragewerk/engine/core';
import type { StepReviewJson } from '@fragewerk/schemas/types';
import { notFound } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';
import { recordActivity } from './activity.repository.ts';
import { activityActorOf, type ProjectAccess } from './project-access.service.ts';
import { findProject } from './projects.repository.ts';
import { markReviewed, removeReview } from './step-reviews.repository.ts';

/**
 * The „geprüft“ marks a member sets on the steps of a project (docs/product.md#geprüft), each
 * with its line in the history, in one transaction. Members only, not on an archived project
 * (`@ForProject('change')`).
 */
@Injectable()
export class StepReviewsService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
  ) {}

  /** PUT /api/projects/{id}/reviews/{step}. */
  async mark(access: ProjectAccess, stepKey: string): Promise<StepReviewJson> {
    await this.checkStep(access, stepKey);
    const { project } = access;
    await this.orm.em.fork().transactional(async (em) => {
      await markReviewed(em, project.id, stepKey, access.memberId!);
      await recordActivity(em, {
        projectId: project.id,
        actor: activityActorOf(access),
        kind: 'step.reviewed',
        stepKey,
      });
    });
    const reviews = (await findProject(this.orm.em, project.id))!.reviews;
    return reviews.find((review) => review.step === stepKey)!;
  }

  /** DELETE /api/projects/{id}/reviews/{step}: a step without a mark stays so. */
  async remove(access: ProjectAccess, stepKey: string): Promise<void> {
    await this.checkStep(access, stepKey);
    const { project } = access;
    await this.orm.em.fork().transactional(async (em) => {
      if (await removeReview(em, project.id, stepKey))
        await recordActivity(em, {
          projectId: project.id,
          actor: activityActorOf(access),
          kind: 'step.review-removed',
          stepKey,
        });
    });
  }

  /** 404 unless the project shows the step. */
  private async checkStep({ project }: ProjectAccess, stepKey: string): Promise<void> {
    const { definition } = await this.revisions.of(project);
    const shown = visibleDefinition(definition, project.hidden_steps ?? []);
    if (!shown.steps.some((step) => step.meta.key === stepKey))
      throw notFound(t('errors.stepNotFound'));
  }
}
