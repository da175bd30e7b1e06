import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../users/user.entity.ts';
import { ProjectSchema } from './project.entity.ts';

/**
 * A step a member marked „geprüft“ (docs/product.md#geprüft). The customer's next change to the
 * step deletes the row in the statement of that save (`answers.repository.ts`).
 */
export const StepReviewSchema = defineEntity({
  name: 'StepReview',
  tableName: 'step_review',
  properties: {
    project: () => p.manyToOne(ProjectSchema).primary().deleteRule('cascade'),
    step_key: p.string().length(64).primary(),
    /** The member who checked it (null once their account is gone). */
    reviewed_by: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    reviewed_at: p.datetime().defaultRaw('current_timestamp'),
  },
});

export type StepReview = InferEntity<typeof StepReviewSchema>;
