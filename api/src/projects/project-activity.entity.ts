import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../users/user.entity.ts';
import { ProjectSchema } from './project.entity.ts';

/**
 * One line of a project's history („Verlauf“, docs/product.md#verlauf), written in the
 * transaction – mostly the statement – of its cause. Repeated saves of the same step or entry by
 * the same person within half an hour count up one line (`count`, `at` = the latest) instead of
 * adding one per autosave. The German text is made when it is read (`activity-text.ts`).
 */
export const ProjectActivitySchema = defineEntity({
  name: 'ProjectActivity',
  tableName: 'project_activity',
  indexes: [{ properties: ['project', 'at'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    at: p.datetime().defaultRaw('current_timestamp'),
    /** `member`, `customer` (share link) or `system` (reminders). */
    actor_kind: p.string().length(10),
    /** The member who acted (null for customer and system, and once a member's account is gone). */
    actor: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    /** What happened, e.g. `step.saved`, `item.added`, `question.asked` (`ActivityKind`). */
    kind: p.string().length(40),
    step_key: p.string().length(64).nullable(),
    /** The entry it concerns; no foreign key, the history outlives the entry. */
    item_id: p.uuid().nullable(),
    /** What the text needs beyond step and entry (a contact's name, an entry's label, a rule). */
    detail: p.json<Record<string, unknown>>().defaultRaw(`'{}'`),
    count: p.integer().default(1),
  },
});

export type ProjectActivity = InferEntity<typeof ProjectActivitySchema>;
