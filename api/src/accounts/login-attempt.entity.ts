import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Failed login attempts per key (address or e-mail) in the current window, for rate limiting. */
export const LoginAttemptSchema = defineEntity({
  name: 'LoginAttempt',
  tableName: 'login_attempt',
  properties: {
    key: p.string().length(300).primary(),
    window_started_at: p.datetime(),
    failures: p.integer(),
  },
});

export type LoginAttempt = InferEntity<typeof LoginAttemptSchema>;
