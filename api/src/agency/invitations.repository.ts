import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AgencyInvitationJson } from '@fragewerk/schemas/types';
import type { AgencyRole } from './agency-roles.ts';

/** How long an invitation link is valid. */
export const INVITATION_DAYS = 7;

interface InvitationRow {
  id: string;
  email: string;
  role: string;
  created_at: Date | string;
  expires_at: Date | string;
}

const COLUMNS = 'id, email, role, created_at, expires_at';

/** An invitation as schemas/api/agency-invitation.schema.json shows it (never its token). */
export function invitationJson(row: InvitationRow): AgencyInvitationJson {
  return {
    id: row.id,
    email: row.email,
    role: row.role === 'owner' ? 'owner' : 'member',
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/** The condition of an invitation that can still be used. */
const OPEN = 'accepted_at is null and revoked_at is null and expires_at > now()';

/** The agency's open invitations, the newest first. */
export async function openInvitations(
  em: EntityManager,
  agencyId: string,
): Promise<AgencyInvitationJson[]> {
  const rows = await em.execute<InvitationRow[]>(
    `select ${COLUMNS} from agency_invitation where agency_id = ? and ${OPEN}
      order by created_at desc, id`,
    [agencyId],
  );
  return rows.map(invitationJson);
}

/** Revokes the agency's unused invitations to `email` (a new one replaces them). */
export async function revokeInvitationsTo(
  em: EntityManager,
  agencyId: string,
  email: string,
): Promise<void> {
  await em.execute(
    `update agency_invitation set revoked_at = now()
      where agency_id = ? and lower(email) = lower(?) and accepted_at is null and revoked_at is null`,
    [agencyId, email],
  );
}

/** Deletes every invitation of the agency to `email`, used or not (the person's account goes). */
export async function deleteInvitationsTo(
  em: EntityManager,
  agencyId: string,
  email: string,
): Promise<void> {
  await em.execute(
    'delete from agency_invitation where agency_id = ? and lower(email) = lower(?)',
    [agencyId, email],
  );
}

/** Stores a new invitation valid for {@link INVITATION_DAYS} days. */
export async function insertInvitation(
  em: EntityManager,
  invitation: {
    agencyId: string;
    email: string;
    role: AgencyRole;
    tokenHash: string;
    invitedBy: string;
  },
): Promise<AgencyInvitationJson> {
  const [row] = await em.execute<InvitationRow[]>(
    `insert into agency_invitation
            (id, agency_id, email, role, token_hash, invited_by_id, expires_at, created_at)
     values (?, ?, ?, ?, ?, ?, now() + make_interval(days => ?::int), now())
     returning ${COLUMNS}`,
    [
      randomUUID(),
      invitation.agencyId,
      invitation.email,
      invitation.role,
      invitation.tokenHash,
      invitation.invitedBy,
      INVITATION_DAYS,
    ],
  );
  return invitationJson(row!);
}

/**
 * Revokes an open invitation of the agency; 'gone' when the agency has no invitation with this
 * id at all (a used, expired or revoked one stays revoked: nothing to do).
 */
export async function revokeInvitation(
  em: EntityManager,
  agencyId: string,
  id: string,
): Promise<'revoked' | 'gone'> {
  const rows = await em.execute<{ id: string }[]>(
    `update agency_invitation set revoked_at = coalesce(revoked_at, now())
      where agency_id = ? and id = ? and accepted_at is null
      returning id`,
    [agencyId, id],
  );
  if (rows.length > 0) return 'revoked';
  const [used] = await em.execute<{ id: string }[]>(
    'select id from agency_invitation where agency_id = ? and id = ?',
    [agencyId, id],
  );
  return used ? 'revoked' : 'gone';
}

/** An invitation that can still be used, with its agency's name, by its token's hash. */
export interface OpenInvitation {
  id: string;
  agency_id: string;
  agency_name: string;
  email: string;
  role: AgencyRole;
}

const OPEN_BY_HASH = `select i.id, i.agency_id, a.name as agency_name, i.email, i.role
   from agency_invitation i join agency a on a.id = i.agency_id
  where i.token_hash = ? and i.accepted_at is null and i.revoked_at is null
    and i.expires_at > now()`;

/** The open invitation with this token's hash, or undefined. Does not use it up. */
export async function findOpenInvitation(
  em: EntityManager,
  tokenHash: string,
): Promise<OpenInvitation | undefined> {
  const [row] = await em.execute<OpenInvitation[]>(OPEN_BY_HASH, [tokenHash]);
  return row;
}

/**
 * Uses the invitation up, in one conditional statement: of two requests at once only one
 * finds it open. Returns it, or undefined when it was not open (any more).
 */
export async function takeInvitation(
  em: EntityManager,
  tokenHash: string,
): Promise<OpenInvitation | undefined> {
  const [row] = await em.execute<OpenInvitation[]>(
    `update agency_invitation i set accepted_at = now()
       from agency a
      where a.id = i.agency_id and i.token_hash = ? and i.accepted_at is null
        and i.revoked_at is null and i.expires_at > now()
      returning i.id, i.agency_id, a.name as agency_name, i.email, i.role`,
    [tokenHash],
  );
  return row;
}
