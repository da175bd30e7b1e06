import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An express-session session, kept in PostgreSQL so that several API processes share it. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    sid: p.string().length(100).primary(),
    data: p.json<Record<string, unknown>>(),
    user_id: p.uuid().nullable().index(),
    expires_at: p.datetime().index(),
  },
});

export type Session = InferEntity<typeof SessionSchema>;
