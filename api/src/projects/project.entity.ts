import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { AgencySchema } from '../agency/agency.entity.ts';
import { timestamps } from '../common/timestamps.ts';
import { DefinitionRevisionSchema } from '../definition/definition-revision.entity.ts';
import { UserSchema } from '../users/user.entity.ts';

/**
 * A customer project of an agency, with its share token; the answers live in `answer` and `item`.
 */
export const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'project',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    agency: () => p.manyToOne(AgencySchema).deleteRule('cascade').index(),
    /**
     * The member who looks after the project: its customer's contact person and the receiver of
     * its mails. Moved to an owner before a member's account goes (`no action`: only a deletion
     * of the whole agency takes both in one statement).
     */
    responsible: () => p.manyToOne(UserSchema).deleteRule('no action').index(),
    customer_firm: p.string().length(200),
    project_name: p.string().length(200),
    edit_token: p.string().length(64).unique().hidden(),
    /**
     * The catalogue questionnaire the project asks (`definitions/<id>/`): chosen when it is created,
     * never changed; its revisions are the project's.
     */
    questionnaire: p.string().length(64).default('markenbriefing'),
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
    /**
     * Keys of the questionnaire's steps the agency switched off for this customer: left out of
     * navigation, progress, approval checks and results (`visibleDefinition`); their answers stay.
     */
    hidden_steps: p.json<string[]>().defaultRaw(`'[]'`),
    /** „Abgabe bis“: the day the agency wants the answers by (docs/product.md#erinnerungen). */
    due_date: p.date().nullable(),
    /** Whether reminders go to the customer contacts on the schedule (the agency may switch off). */
    reminders_enabled: p.boolean().default(true),
    version: p.integer().default(1),
    ...timestamps,
  },
});

export type Project = InferEntity<typeof ProjectSchema>;
