import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { timestamps } from '../common/timestamps.ts';

/**
 * An agency (docs/product.md#agentur): it owns the projects, its members work on them, and its
 * name, colour, logo and legal links are what its customers see. The logo lives in its own table
 * (`agency_logo`), so reading an agency never reads an image.
 */
export const AgencySchema = defineEntity({
  name: 'Agency',
  tableName: 'agency',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    name: p.string().length(200),
    /** `#rrggbb`, checked for contrast on white; null keeps the product's colour. */
    primary_color: p.string().length(7).nullable(),
    impressum_url: p.string().length(2000).nullable(),
    privacy_url: p.string().length(2000).nullable(),
    ...timestamps,
  },
});

export type Agency = InferEntity<typeof AgencySchema>;
