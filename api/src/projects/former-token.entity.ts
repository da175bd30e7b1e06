import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProjectSchema } from './project.entity.ts';

/**
 * A share token the owner has replaced by a new link, only as its SHA-256 hash: a visit with it is
 * told that the link is no longer valid and whom to ask (docs/product.md#der-freigabelink) instead
 * of „Projekt nicht gefunden“. Nothing else: the token opens nothing any more. The rows go with
 * their project (`on delete cascade`).
 */
export const FormerTokenSchema = defineEntity({
  name: 'FormerToken',
  tableName: 'project_former_token',
  properties: {
    token_hash: p.string().length(64).primary(),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade').index(),
    replaced_at: p.datetime().onCreate(() => new Date()),
  },
});

export type FormerToken = InferEntity<typeof FormerTokenSchema>;
