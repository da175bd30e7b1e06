import type { EntityManager } from '@mikro-orm/postgresql';
import type { AgencyJson } from '@fragewerk/schemas/types';

/**
 * What the customer's pages need of an agency (its name, colour, logo and legal links), as one
 * statement reads it beside a project or on its own: the agency's row and the hash of its logo.
 */
export interface AgencyBranding {
  id: string;
  name: string;
  primary_color: string | null;
  impressum_url: string | null;
  privacy_url: string | null;
  logo_hash: string | null;
}

/** Where a logo is served: its hash is part of the address, so it may be cached for ever. */
export const agencyLogoPath = (agencyId: string, hash: string) =>
  `/api/agencies/${agencyId}/logo/${hash}`;

/** The agency as docs/product.md#agentur names it (`schemas/api/agency.schema.json`). */
export function agencyJson(agency: AgencyBranding): AgencyJson {
  return {
    id: agency.id,
    name: agency.name,
    primary_color: agency.primary_color,
    impressum_url: agency.impressum_url,
    privacy_url: agency.privacy_url,
    logo_url: agency.logo_hash ? agencyLogoPath(agency.id, agency.logo_hash) : null,
  };
}

/**
 * The select list of an agency's branding from the agency `a` and its logo `l` (left joined on
 * `l.agency_id = a.id`), each column named `prefix` + its name.
 */
export const agencyBrandingColumns = (a: string, l: string, prefix: string) =>
  [
    `${a}.id as ${prefix}id`,
    `${a}.name as ${prefix}name`,
    `${a}.primary_color as ${prefix}primary_color`,
    `${a}.impressum_url as ${prefix}impressum_url`,
    `${a}.privacy_url as ${prefix}privacy_url`,
    `${l}.hash as ${prefix}logo_hash`,
  ].join(', ');

/** The branding in a statement's row that selected `agencyBrandingColumns(…, prefix)`. */
export function agencyBrandingOf(row: Record<string, unknown>, prefix: string): AgencyBranding {
  const value = (name: keyof AgencyBranding) => (row[prefix + name] as string | null) ?? null;
  return {
    id: String(row[`${prefix}id`]),
    name: String(row[`${prefix}name`]),
    primary_color: value('primary_color'),
    impressum_url: value('impressum_url'),
    privacy_url: value('privacy_url'),
    logo_hash: value('logo_hash'),
  };
}

/** The branding of the agency `agencyId`, or undefined. */
export async function findAgencyBranding(
  em: EntityManager,
  agencyId: string,
): Promise<AgencyBranding | undefined> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select ${agencyBrandingColumns('a', 'l', '')}
       from agency a left join agency_logo l on l.agency_id = a.id
      where a.id = ?`,
    [agencyId],
  );
  return row ? agencyBrandingOf(row, '') : undefined;
}
