import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { timestamps } from '../common/timestamps.ts';
import { DefinitionRevisionSchema } from '../definition/definition-revision.entity.ts';
import { UserSchema } from '../users/user.entity.ts';

/** A customer project with its share token; the answers live in `answer` and `item`. */
export const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'project',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    owner: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    customer_firm: p.string().length(200),
    project_name: p.string().length(200),
    edit_token: p.string().length(64).unique().hidden(),
    definition_version: p.integer(),
    /**
     * The definition revision the project is on (docs/architecture.md#revisionen): frozen while
     * approved, else the newest. Null only until the first start after the column came.
     */
    definition_revision: () =>
      p.manyToOne(DefinitionRevisionSchema).nullable().deleteRule('restrict').index(),
    is_approved: p.boolean().default(false),
    approved_at: p.datetime().nullable(),
    is_archived: p.boolean().default(false),
    is_niceview_enabled: p.boolean().default(false),
    version: p.integer().default(1),
    ...timestamps,
  },
});

export type Project = InferEntity<typeof ProjectSchema>;
