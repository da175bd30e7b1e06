import type { EntityManager } from '@mikro-orm/postgresql';

// The SQL of the „geprüft“ marks (`step_review`, docs/product.md#geprüft). The marks are read
// with the project row (`findProject`); a customer's save ends its step's mark in the save's own
// statement (`SAVE_LOG_CTES`).

/** Marks a step „geprüft“ by `memberId` now (again, where it was already). */
export async function markReviewed(
  em: EntityManager,
  projectId: string,
  stepKey: string,
  memberId: string,
): Promise<void> {
  await em.execute(
    `insert into step_review (project_id, step_key, reviewed_by_id, reviewed_at)
     values (?, ?, ?, now())
     on conflict (project_id, step_key)
       do update set reviewed_by_id = excluded.reviewed_by_id, reviewed_at = excluded.reviewed_at`,
    [projectId, stepKey, memberId],
  );
}

/** Takes a step's mark away; whether it had one. */
export async function removeReview(
  em: EntityManager,
  projectId: string,
  stepKey: string,
): Promise<boolean> {
  const removed = await em.execute<{ step_key: string }[]>(
    'delete from step_review where project_id = ? and step_key = ? returning step_key',
    [projectId, stepKey],
  );
  return removed.length > 0;
}
