import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { AgencySchema } from './agency.entity.ts';

/**
 * An agency's logo (PNG, JPEG, WebP or sanitised SVG, at most 1 MB), in PostgreSQL so that every
 * process serves it. `hash` (SHA-256 of the bytes) is part of its address, so a new logo has a
 * new address and the old one may be cached for ever.
 */
export const AgencyLogoSchema = defineEntity({
  name: 'AgencyLogo',
  tableName: 'agency_logo',
  properties: {
    agency: () => p.oneToOne(AgencySchema).owner().primary().deleteRule('cascade'),
    content_type: p.string().length(40),
    data: p.blob().lazy(),
    hash: p.string().length(64),
    updated_at: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type AgencyLogo = InferEntity<typeof AgencyLogoSchema>;
