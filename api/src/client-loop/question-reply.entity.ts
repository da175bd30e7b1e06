import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProjectSchema } from '../projects/project.entity.ts';
import { UserSchema } from '../users/user.entity.ts';
import { ProjectQuestionSchema } from './project-question.entity.ts';

/**
 * A reply to a Rückfrage: by the customer (share link, `author_kind` „customer“) or by a member.
 * `mailed_at` is set once the mail to the responsible member (a customer's reply) has taken it.
 */
export const QuestionReplySchema = defineEntity({
  name: 'QuestionReply',
  tableName: 'question_reply',
  indexes: [{ properties: ['project', 'created_at'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    question: () => p.manyToOne(ProjectQuestionSchema).deleteRule('cascade').index(),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    /** `customer` (share link) or `member`. */
    author_kind: p.string().length(10),
    /** The member who wrote it (null for the customer, and once a member's account is gone). */
    author: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    text: p.string().length(2000),
    created_at: p.datetime().defaultRaw('current_timestamp'),
    mailed_at: p.datetime().nullable(),
  },
});

export type QuestionReply = InferEntity<typeof QuestionReplySchema>;
