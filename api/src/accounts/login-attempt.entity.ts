import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Attempts per key (client address, hashed e-mail address, device, account) in the current window,
 * for rate limiting; `blocked_until` is the growing delay before the key's next attempt.
 */
export const LoginAttemptSchema = defineEntity({
  name: 'LoginAttempt',
  tableName: 'login_attempt',
  properties: {
    key: p.string().length(300).primary(),
    window_started_at: p.datetime(),
    failures: p.integer(),
    blocked_until: p.datetime().nullable(),
  },
});

export type LoginAttempt = InferEntity<typeof LoginAttemptSchema>;
