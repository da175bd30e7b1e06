import type { ActivityJson } from '@fragewerk/schemas/types';
import type { EntityManager } from '@mikro-orm/postgresql';

// The SQL of a project's history (`project_activity`, docs/product.md#verlauf). A line is written
// in the transaction of its cause: by `recordActivity` beside another write, or – for the
// autosaves, the busiest writes – inside their own statement (`answers.repository.ts`).

/** What can happen to a project, as its history records it (schemas/api/activity.schema.json). */
export type ActivityKind = ActivityJson['kind'];

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

/**
 * Who acts, as a scalar SQL expression of type uuid that a statement evaluates: the member's user id,
 * or null for the customer. The one-statement autosave lets the database decide it in its own
 * statement (`claimActor`), like its access.
 */
export interface ActorSql {
  sql: string;
  params: unknown[];
}

/** The customer (share link): no user. */
export const CUSTOMER_ACTOR: ActorSql = { sql: 'null::uuid', params: [] };

/** A member of the agency. */
const MEMBER_ACTOR_SQL = '?::uuid';
export const memberActor = (userId: string): ActorSql => ({
  sql: MEMBER_ACTOR_SQL,
  params: [userId],
});

/** What a save of answers writes into the history in its own statement. */
export interface SaveLog {
  actor: ActorSql;
  kind: Extract<ActivityKind, 'step.saved' | 'item.added' | 'item.changed'>;
  itemId?: string;
  /** The entry's label (`{ label }`), for the text. */
  detail: Record<string, unknown>;
  /**
   * Whether the save looks at its history line at all: false where this process wrote or counted
   * up the same line within the last minute (`RecentHistoryLines`) – the line stays as it is, and
   * typing autosaves cost what a save without history cost. A customer's save ends the step's
   * „geprüft“ mark either way.
   */
  history: boolean;
}

/** How long repeated saves of one step or entry by one person count up one line. */
const SAME_LINE_MINUTES = 30;
/**
 * How stale a counted-up line's time may get: within a minute of its last update, a save leaves
 * it as it is – typing autosaves every second or so, and a write per save would double their
 * cost for a time the history shows to the minute anyway.
 */
const LINE_TIME_SECONDS = 60;

/**
 * The common table expressions that log a save of the project's step in the statement that saves
 * it (a CTE `saved` that returns the written rows): when the project's newest line is the same
 * person's save of the same step or entry within {@link SAME_LINE_MINUTES}, it counts up and
 * takes the save's time (at most every {@link LINE_TIME_SECONDS}); else a line is added. They
 * follow the CTE `actor`; nothing happens when `saved` wrote nothing. Parameters: {@link saveLog}.
 */
const SAVE_LOG_CTES = `
  matched as (
    select newest.id, newest.at from (
      select l.id, l.at, l.kind, l.step_key, l.item_id, l.actor_kind, l.actor_id
        from project_activity l where l.project_id = ? order by l.at desc limit 1
    ) newest
     where newest.kind = ? and newest.step_key = ? and newest.item_id is not distinct from ?::uuid
       and newest.actor_kind = (select case when id is null then 'customer' else 'member' end from actor)
       and newest.actor_id is not distinct from (select id from actor)
       and newest.at > now() - interval '${SAME_LINE_MINUTES} minutes'),
  bumped as (
    update project_activity a set at = now(), count = a.count + 1, detail = ?::jsonb
      from matched
     where a.id = matched.id and matched.at < now() - interval '${LINE_TIME_SECONDS} seconds'
       and exists (select 1 from saved)),
  logged as (
    insert into project_activity
      (id, project_id, at, actor_kind, actor_id, kind, step_key, item_id, detail, count)
    select gen_random_uuid(), ?, now(), case when actor.id is null then 'customer' else 'member' end,
           actor.id, ?, ?, ?::uuid, ?::jsonb, 1
      from actor
     where exists (select 1 from saved) and not exists (select 1 from matched))`;

/** The CTE that ends the step's „geprüft“ mark when the customer saves (after `actor`). */
const UNREVIEWED_CTE = `
  unreviewed as (
    delete from step_review r using actor
     where r.project_id = ? and r.step_key = ? and actor.id is null
       and exists (select 1 from saved))`;

/**
 * The CTEs a save of `log` needs, with their parameters in order, or undefined where it needs
 * none (a member's save whose line this process has just written): `actor`, then the history's
 * ({@link SAVE_LOG_CTES}) and, unless a member saves, the end of the step's „geprüft“ mark.
 */
export function saveLog(
  log: SaveLog,
  projectId: string,
  stepKey: string,
): { sql: string; params: unknown[] } | undefined {
  const byMember = log.actor.sql === MEMBER_ACTOR_SQL;
  if (!log.history && byMember) return undefined;
  const detail = JSON.stringify(log.detail);
  const itemId = log.itemId ?? null;
  const ctes = [`\n  actor as (select ${log.actor.sql} as id)`];
  const params: unknown[] = [...log.actor.params];
  if (log.history) {
    ctes.push(SAVE_LOG_CTES);
    params.push(projectId, log.kind, stepKey, itemId, detail);
    params.push(projectId, log.kind, stepKey, itemId, detail);
  }
  if (!byMember) {
    ctes.push(UNREVIEWED_CTE);
    params.push(projectId, stepKey);
  }
  return { sql: ctes.join(','), params };
}

/** A line of the history as read, with the acting member's name and the Rückfrage's step. */
export interface ActivityRow {
  id: string;
  at: string;
  actor_kind: Actor['kind'];
  /** The member's name (contact name, else address); null for customer, system, a former member. */
  actor_name: string | null;
  kind: ActivityKind;
  step_key: string | null;
  item_id: string | null;
  detail: Record<string, unknown>;
  count: number;
}

/**
 * Up to `limit` lines (null: all) of a project's history before the time `before` (all when
 * undefined), newest first. A Rückfrage's line without a step of its own takes the Rückfrage's step.
 */
export function projectActivity(
  em: EntityManager,
  projectId: string,
  before: string | undefined,
  limit: number | null,
): Promise<ActivityRow[]> {
  return em.execute<ActivityRow[]>(
    `select a.id, to_json(a.at) #>> '{}' as at, a.actor_kind,
            coalesce(nullif(u.contact_name, ''), u.email) as actor_name, a.kind,
            coalesce(a.step_key, q.step_key) as step_key, a.item_id, a.detail, a.count
       from project_activity a
       left join app_user u on u.id = a.actor_id
       left join project_question q
         on q.project_id = a.project_id and q.id::text = a.detail ->> 'questionId'
      where a.project_id = ? and (?::timestamptz is null or a.at < ?::timestamptz)
      order by a.at desc, a.id
      limit ?`,
    [projectId, before ?? null, before ?? null, limit],
  );
}
