import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProjectSchema } from './project.entity.ts';

/**
 * A person on the customer's side of a project (docs/product.md#kundschaft): whom the agency
 * invites by mail. Goes with the project; an address is on a project's list once (lower case).
 */
export const CustomerContactSchema = defineEntity({
  name: 'CustomerContact',
  tableName: 'customer_contact',
  uniques: [{ properties: ['project', 'email'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    name: p.string().length(200),
    email: p.string().length(254),
    /** When the agency last sent the contact the link (null: never). */
    invited_at: p.datetime().nullable(),
    /** When the contact followed „Keine Erinnerungen mehr“ in a reminder (null: reminders go). */
    reminders_off_at: p.datetime().nullable(),
    created_at: p.datetime().defaultRaw('current_timestamp'),
  },
});

export type CustomerContact = InferEntity<typeof CustomerContactSchema>;
