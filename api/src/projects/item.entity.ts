import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { timestamps } from '../common/timestamps.ts';
import { ProjectSchema } from './project.entity.ts';

/** One entry of a list step of a project (a stakeholder, a persona, …), stored as validated JSON. */
export const ItemSchema = defineEntity({
  name: 'Item',
  tableName: 'item',
  indexes: [{ properties: ['project', 'step_key', 'position'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    step_key: p.string().length(100),
    position: p.integer(),
    data: p.json<Record<string, unknown>>(),
    version: p.integer().default(1),
    ...timestamps,
  },
});

export type Item = InferEntity<typeof ItemSchema>;
