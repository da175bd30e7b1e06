import type { EntityManager } from '@mikro-orm/postgresql';
import type { AgencyMemberJson } from '@fragewerk/schemas/types';
import type { AgencyRole } from './agency-roles.ts';

interface MemberRow {
  id: string;
  email: string;
  contact_name: string | null;
  role: string;
  created_at: Date | string;
}

/** A member as schemas/api/agency-member.schema.json shows them. */
export function memberJson(row: MemberRow): AgencyMemberJson {
  return {
    id: row.id,
    email: row.email,
    contact_name: row.contact_name ?? null,
    role: row.role === 'owner' ? 'owner' : 'member',
    created_at: new Date(row.created_at).toISOString(),
  };
}

const MEMBER_COLUMNS = 'u.id, u.email, u.contact_name, u.role, u.created_at';

/** The agency's members: owners first, then by name (the address where there is none). */
export async function listMembers(
  em: EntityManager,
  agencyId: string,
): Promise<AgencyMemberJson[]> {
  const rows = await em.execute<MemberRow[]>(
    `select ${MEMBER_COLUMNS} from app_user u
      where u.agency_id = ?
      order by u.role <> 'owner', lower(coalesce(nullif(u.contact_name, ''), u.email)), u.id`,
    [agencyId],
  );
  return rows.map(memberJson);
}

/** A member of the agency by id, or undefined (also for a member of another agency). */
export async function findMember(
  em: EntityManager,
  agencyId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  const [row] = await em.execute<MemberRow[]>(
    `select ${MEMBER_COLUMNS} from app_user u where u.agency_id = ? and u.id = ?`,
    [agencyId, userId],
  );
  return row;
}

/** The agency's owners other than `exceptId`, the longest-standing first. */
export async function otherOwners(
  em: EntityManager,
  agencyId: string,
  exceptId: string,
): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from app_user where agency_id = ? and role = 'owner' and id <> ?
      order by created_at, id`,
    [agencyId, exceptId],
  );
  return rows.map((row) => row.id);
}

/** Sets a member's role. */
export async function setRole(em: EntityManager, userId: string, role: AgencyRole): Promise<void> {
  await em.execute('update app_user set role = ?, updated_at = now() where id = ?', [role, userId]);
}

/** Whether the address belongs to a member of the agency. */
export async function isMemberAddress(
  em: EntityManager,
  agencyId: string,
  email: string,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    'select id from app_user where agency_id = ? and lower(email) = lower(?)',
    [agencyId, email],
  );
  return rows.length > 0;
}
