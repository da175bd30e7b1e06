import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../users/user.entity.ts';

/**
 * A one-time token (account activation, password reset, confirming a new e-mail address); only its
 * SHA-256 hash is stored. `new_email` is the address an e-mail change waits to confirm.
 */
export const TokenSchema = defineEntity({
  name: 'Token',
  tableName: 'one_time_token',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    purpose: p.string().length(20),
    token_hash: p.string().length(64).unique(),
    expires_at: p.datetime(),
    new_email: p.string().length(254).nullable(),
    used_at: p.datetime().nullable(),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});

export type Token = InferEntity<typeof TokenSchema>;
