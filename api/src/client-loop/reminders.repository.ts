import type { EntityManager } from '@mikro-orm/postgresql';

// All SQL of the reminders (docs/product.md#erinnerungen): which projects may be due, whom to
// remind, the claim of a rule per contact (`reminder_sent`), and the opt-out.

/** A project that may have a reminder due: its due date and when anything last happened to it. */
export interface ReminderCandidate {
  id: string;
  due_date: string | null;
  /** ISO text: the newest history line other than reminders, else the project's own last change. */
  last_activity: string;
}

/** A contact whom reminders reach. */
export interface RemindedContact {
  id: string;
  name: string;
  email: string;
}

/**
 * The projects where a reminder may be due on `today`: open for the customer (not approved, not
 * archived), reminders on, at least one contact who has not opted out, not known complete (the
 * dashboard's cache, where still valid for `progressRule`), and a due date within a week of
 * `today` or no activity since `idleSince`. The service decides the exact rules.
 */
export function reminderCandidates(
  em: EntityManager,
  options: { today: string; idleSince: Date; progressRule: number },
): Promise<ReminderCandidate[]> {
  return em.execute<ReminderCandidate[]>(
    `select p.id, p.due_date::text as due_date,
            to_json(greatest(p.created_at, p.updated_at, a.last_at)) #>> '{}' as last_activity
       from project p
       -- Newest first along the (project, at) index: stops at the first line that is no reminder.
       left join lateral (
              select at as last_at from project_activity
               where project_id = p.id and kind not like 'reminder%'
               order by at desc limit 1) a on true
      where not p.is_approved and not p.is_archived and p.reminders_enabled
        and exists (select 1 from customer_contact c
                     where c.project_id = p.id and c.reminders_off_at is null)
        and not exists (select 1 from project_progress pp
                         where pp.project_id = p.id and pp.project_xmin = p.xmin::text
                           and pp.rule = ? and pp.complete >= pp.total)
        and (p.due_date between ?::date - 7 and ?::date + 7
             or greatest(p.created_at, p.updated_at, a.last_at) <= ?::timestamptz)
      order by p.id`,
    [options.progressRule, options.today, options.today, options.idleSince.toISOString()],
  );
}

/** The contacts of a project who have not opted out, oldest first. */
export function remindedContacts(em: EntityManager, projectId: string): Promise<RemindedContact[]> {
  return em.execute<RemindedContact[]>(
    `select id, name, email from customer_contact
      where project_id = ? and reminders_off_at is null
      order by created_at, id`,
    [projectId],
  );
}

/** Whether some contact of `contacts` has not had some rule of `rules` yet. */
export async function anyUnclaimed(
  em: EntityManager,
  projectId: string,
  contacts: string[],
  rules: string[],
): Promise<boolean> {
  const [row] = await em.execute<{ n: string | number }[]>(
    `select count(*) as n from reminder_sent
      where project_id = ? and contact_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
        and rule in (select jsonb_array_elements_text(?::jsonb))`,
    [projectId, JSON.stringify(contacts), JSON.stringify(rules)],
  );
  return Number(row?.n ?? 0) < contacts.length * rules.length;
}

/**
 * Claims `rule` for the contact: true when this transaction is the first to (a parallel one
 * waits for it and then finds the row there).
 */
export async function claimReminder(
  em: EntityManager,
  claim: { projectId: string; contactId: string; rule: string },
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into reminder_sent (id, project_id, contact_id, rule, sent_at)
     values (gen_random_uuid(), ?, ?, ?, now())
     on conflict (project_id, contact_id, rule) do nothing
     returning id`,
    [claim.projectId, claim.contactId, claim.rule],
  );
  return rows.length > 0;
}

/** Locks the project's row against changes (an approval) until the transaction of `em` ends. */
export async function lockProjectForShare(em: EntityManager, projectId: string): Promise<void> {
  await em.execute('select id from project where id = ? for share', [projectId]);
}

/** A contact as its unsubscribe page shows it, with its project and agency. */
export interface UnsubscribingContact {
  id: string;
  name: string;
  email: string;
  reminders_off: boolean;
  project_id: string;
  project_name: string;
  agency_name: string;
}

/** The contact `contactId` with its project's and agency's names, if it still exists. */
export async function unsubscribingContact(
  em: EntityManager,
  contactId: string,
): Promise<UnsubscribingContact | undefined> {
  const [row] = await em.execute<UnsubscribingContact[]>(
    `select c.id, c.name, c.email, c.reminders_off_at is not null as reminders_off,
            p.id as project_id, p.project_name, a.name as agency_name
       from customer_contact c
       join project p on p.id = c.project_id
       join agency a on a.id = p.agency_id
      where c.id = ?`,
    [contactId],
  );
  return row;
}

/** Switches reminders off for the contact; true only the first time. */
export async function switchRemindersOff(em: EntityManager, contactId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update customer_contact set reminders_off_at = now()
      where id = ? and reminders_off_at is null returning id`,
    [contactId],
  );
  return rows.length > 0;
}
