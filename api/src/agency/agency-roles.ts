import type { EntityManager } from '@mikro-orm/postgresql';
import { forbidden } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import type { UserRow } from '../users/user-row.ts';

/** A person's role in their agency (docs/product.md#agentur). */
export const AGENCY_ROLES = ['owner', 'member'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];

/** Owners manage the agency: its branding, members and invitations. Else 403. */
export function assertOwner(user: UserRow): void {
  if (user.role !== 'owner') throw forbidden(t('agency.ownerOnly'));
}

/**
 * Locks the agency's row until the transaction of `em` ends: changes of its members (a role,
 * a removal, an invitation) run one after the other, so two owners demoting or removing each
 * other at once cannot leave the agency without one. Returns the agency's name.
 */
export async function lockAgency(em: EntityManager, agencyId: string): Promise<{ name: string }> {
  const [row] = await em.execute<{ name: string }[]>(
    'select name from agency where id = ? for update',
    [agencyId],
  );
  if (!row) throw new Error(`Agentur ${agencyId} fehlt`);
  return row;
}
