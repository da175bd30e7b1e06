import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProjectSchema } from '../projects/project.entity.ts';

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
    created_at: p.datetime().onCreate(() => new Date()),
    updated_at: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Item = InferEntity<typeof ItemSchema>;
