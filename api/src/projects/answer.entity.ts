import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { timestamps } from '../common/timestamps.ts';
import { ProjectSchema } from './project.entity.ts';

/** The answers of one form step of a project, stored as validated JSON. */
export const AnswerSchema = defineEntity({
  name: 'Answer',
  tableName: 'answer',
  uniques: [{ properties: ['project', 'step_key'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    step_key: p.string().length(100),
    data: p.json<Record<string, unknown>>(),
    version: p.integer().default(1),
    ...timestamps,
  },
});

export type Answer = InferEntity<typeof AnswerSchema>;
