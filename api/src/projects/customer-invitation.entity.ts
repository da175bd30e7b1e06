import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ProjectSchema } from './project.entity.ts';
import { UserSchema } from '../users/user.entity.ts';
import { CustomerContactSchema } from './customer-contact.entity.ts';

/**
 * One invitation mail to a customer contact: who sent it and when – for the limit per project and
 * hour, and for the project's history. Goes with the project and the contact.
 */
export const CustomerInvitationSchema = defineEntity({
  name: 'CustomerInvitation',
  tableName: 'customer_invitation',
  indexes: [{ properties: ['project', 'created_at'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade'),
    contact: () => p.manyToOne(CustomerContactSchema).deleteRule('cascade').index(),
    /** The member who sent it (null once their account is gone). */
    invited_by: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    created_at: p.datetime().defaultRaw('current_timestamp'),
  },
});

export type CustomerInvitation = InferEntity<typeof CustomerInvitationSchema>;
