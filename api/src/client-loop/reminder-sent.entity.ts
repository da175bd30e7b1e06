import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CustomerContactSchema } from '../projects/customer-contact.entity.ts';
import { ProjectSchema } from '../projects/project.entity.ts';

/**
 * A reminder mailed to a customer contact under one rule of the schedule
 * (docs/product.md#erinnerungen). The unique key makes each rule fire once per contact and
 * project, however many processes check at the same minute: the rule names what it fired on
 * (`due-7:2026-12-01`, `idle:2026-11-20`), so a new due date is a new rule.
 */
export const ReminderSentSchema = defineEntity({
  name: 'ReminderSent',
  tableName: 'reminder_sent',
  uniques: [{ properties: ['project', 'contact', 'rule'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    contact: () => p.manyToOne(CustomerContactSchema).deleteRule('cascade').index(),
    rule: p.string().length(60),
    sent_at: p.datetime().defaultRaw('current_timestamp'),
  },
});

export type ReminderSent = InferEntity<typeof ReminderSentSchema>;
