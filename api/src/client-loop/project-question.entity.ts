import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProjectSchema } from '../projects/project.entity.ts';
import { UserSchema } from '../users/user.entity.ts';

/**
 * A Rückfrage of the agency on one step of a project, optionally on one entry of a list step
 * (docs/product.md#rückfragen). The customer answers it (`question_reply`); a member resolves it.
 * `mailed_at` is set once the bundled mail to the customer contacts has taken it along.
 */
export const ProjectQuestionSchema = defineEntity({
  name: 'ProjectQuestion',
  tableName: 'project_question',
  indexes: [{ properties: ['project', 'created_at'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    step_key: p.string().length(64),
    /** The entry it is about; no foreign key: a deleted entry leaves its Rückfrage standing. */
    item_id: p.uuid().nullable(),
    /** The member who wrote it (null once their account is gone). */
    author: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    text: p.string().length(2000),
    created_at: p.datetime().defaultRaw('current_timestamp'),
    resolved_at: p.datetime().nullable(),
    resolved_by: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    /** When the bundled mail to the customer contacts took it along (null: not yet). */
    mailed_at: p.datetime().nullable(),
  },
});

export type ProjectQuestion = InferEntity<typeof ProjectQuestionSchema>;
