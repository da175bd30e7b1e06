import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { AgencySchema } from '../agency/agency.entity.ts';
import { timestamps } from '../common/timestamps.ts';

/**
 * A person's account, a member of one agency with the role `owner` or `member`
 * (docs/product.md#agentur). `verified_at` is set when the activation link was used.
 */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    agency: () => p.manyToOne(AgencySchema).deleteRule('cascade').index(),
    role: p.string().length(10).default('owner'),
    company: p.string().length(200),
    email: p.string().length(254).unique(),
    password_hash: p.string().length(200).hidden(),
    contact_name: p.string().length(200).nullable(),
    contact_email: p.string().length(254).nullable(),
    verified_at: p.datetime().nullable(),
    show_welcome_box: p.boolean().default(true),
    ...timestamps,
  },
});

export type User = InferEntity<typeof UserSchema>;
