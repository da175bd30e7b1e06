import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One row that readiness writes on every check: a database that can answer but not write (full
 * disk, read-only) is not ready, and only a committed write finds that out.
 */
export const HealthProbeSchema = defineEntity({
  name: 'HealthProbe',
  tableName: 'health_probe',
  properties: {
    id: p.integer().primary().autoincrement(false),
    checked_at: p.datetime(),
  },
});

export type HealthProbe = InferEntity<typeof HealthProbeSchema>;
