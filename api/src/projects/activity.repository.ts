import type { EntityManager } from '@mikro-orm/postgresql';

// The SQL of a project's history (`project_activity`, docs/product.md#verlauf). A line is written
// in the transaction of its cause: by `recordActivity` beside another write, or – for the
// autosaves, the busiest writes – inside their own statement (`answers.repository.ts`).

/** What can happen to a project, as its history records it. */
export type ActivityKind =
  | 'step.saved'
  | 'item.added'
  | 'item.changed'
  | 'item.deleted'
  | 'items.reordered'
  | 'step.reviewed'
  | 'step.review-removed'
  | 'question.asked'
  | 'question.replied'
  | 'question.resolved'
  | 'question.reopened'
  | 'invitation.sent'
  | 'reminder.sent'
  | 'reminders.unsubscribed'
  | 'project.approved'
  | 'project.reopened';

/**
 * Who did it: a member of the agency, the customer (whoever holds the share link: one link, so
 * no name), or Fragewerk itself (a reminder on the schedule).
 */
export type Actor = { kind: 'member'; userId: string } | { kind: 'customer' } | { kind: 'system' };

/** One line to record. */
export interface ActivityEntry {
  projectId: string;
  actor: Actor;
  kind: ActivityKind;
  stepKey?: string;
  itemId?: string;
  /** What the German text needs beyond step and entry: an entry's label, a contact's name, … */
  detail?: Record<string, unknown>;
}

/** Records one line of a project's history; run it in the transaction of its cause. */
export async function recordActivity(em: EntityManager, entry: ActivityEntry): Promise<void> {
  await em.execute(
    `insert into project_activity
       (id, project_id, at, actor_kind, actor_id, kind, step_key, item_id, detail, count)
     values (gen_random_uuid(), ?, now(), ?, ?, ?, ?, ?, ?::jsonb, 1)`,
    [
      entry.projectId,
      entry.actor.kind,
      entry.actor.kind === 'member' ? entry.actor.userId : null,
      entry.kind,
      entry.stepKey ?? null,
      entry.itemId ?? null,
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}
