import type { EntityManager } from '@mikro-orm/postgresql';
import { userRowColumns, userRowOf, type UserRow } from './user-row.ts';

/** Whom a customer asks about a project: a name and, where there is one, an address. */
export interface AgencyContact {
  name: string;
  email: string | null;
}

/**
 * The agency's contact person as a customer reads it (a renewed link, an archived or approved
 * project, results not released): the contact person of the responsible member's settings (name,
 * else the address), falling back to the agency's name. Never the member's login address: a link
 * is often renewed because it went to the wrong people, and they should not learn the login name
 * (the footer of the app holds to the same).
 */
export function agencyContact(responsible: UserRow, agencyName: string): AgencyContact {
  return {
    name: responsible.contact_name || responsible.contact_email || agencyName,
    email: responsible.contact_email || null,
  };
}

/**
 * The contact person of the project `projectId`, only while its results are not
 * released to customers and it is not archived (the login page's notice for a customer sent there
 * from such results); else undefined. `projectId` must be a UUID.
 */
export async function contactForUnreleasedResults(
  em: EntityManager,
  projectId: string,
): Promise<AgencyContact | undefined> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select ${userRowColumns(em, 'u')}, a.name as agency_name
       from project p
       join app_user u on u.id = p.responsible_id
       join agency a on a.id = p.agency_id
      where p.id = ? and not p.is_niceview_enabled and not p.is_archived`,
    [projectId],
  );
  return row ? agencyContact(userRowOf(em, row), String(row.agency_name)) : undefined;
}
