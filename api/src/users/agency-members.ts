import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../common/secrets.ts';

/** Whether `userId` is a member of the agency `agencyId` (any role). */
export async function isMemberOf(
  em: EntityManager,
  agencyId: string,
  userId: string,
): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const rows = await em.execute<{ found: number }[]>(
    'select 1 as found from app_user where id = ? and agency_id = ?',
    [userId, agencyId],
  );
  return rows.length > 0;
}
