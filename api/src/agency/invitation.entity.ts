import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../users/user.entity.ts';
import { AgencySchema } from './agency.entity.ts';

/**
 * An invitation of a colleague into an agency: a link valid seven days, used once, revocable by
 * an owner. Only the SHA-256 hash of its token is stored.
 */
export const InvitationSchema = defineEntity({
  name: 'Invitation',
  tableName: 'agency_invitation',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    agency: () => p.manyToOne(AgencySchema).deleteRule('cascade').index(),
    email: p.string().length(254),
    role: p.string().length(10),
    token_hash: p.string().length(64).unique(),
    invited_by: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    expires_at: p.datetime(),
    accepted_at: p.datetime().nullable(),
    revoked_at: p.datetime().nullable(),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});

export type Invitation = InferEntity<typeof InvitationSchema>;
