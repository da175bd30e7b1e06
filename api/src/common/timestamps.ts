import { p } from '@mikro-orm/core';

/** When a row was created and last changed, kept by MikroORM (shared by the entities). */
export const timestamps = {
  created_at: p.datetime().onCreate(() => new Date()),
  updated_at: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};
