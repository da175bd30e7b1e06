import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerContactJson } from '@fragewerk/schemas/types';

// All SQL of the customer contacts and their invitations (docs/product.md#kundschaft).

/** A contact as the API shows it (`schemas/api/customer-contact.schema.json`). */
export type ContactRow = CustomerContactJson;

// Timestamps as ISO text from to_json, which Date and the browser read in every zone.
const COLUMNS = `id, name, email, to_json(invited_at) #>> '{}' as invited_at,
                 reminders_off_at is not null as reminders_off,
                 to_json(created_at) #>> '{}' as created_at`;

/** The contacts of a project, oldest first. */
export function projectContacts(em: EntityManager, projectId: string): Promise<ContactRow[]> {
  return em.execute<ContactRow[]>(
    `select ${COLUMNS} from customer_contact where project_id = ? order by created_at, id`,
    [projectId],
  );
}

/** How many contacts a project has. */
export async function contactCount(em: EntityManager, projectId: string): Promise<number> {
  const [row] = await em.execute<{ n: string }[]>(
    'select count(*) as n from customer_contact where project_id = ?',
    [projectId],
  );
  return Number(row?.n ?? 0);
}

/** The contact with this address (lower case) on the project, if any. */
export async function contactByEmail(
  em: EntityManager,
  projectId: string,
  email: string,
): Promise<ContactRow | undefined> {
  const [row] = await em.execute<ContactRow[]>(
    `select ${COLUMNS} from customer_contact where project_id = ? and email = ?`,
    [projectId, email],
  );
  return row;
}

/** Adds a contact; returns it. */
export async function insertContact(
  em: EntityManager,
  contact: { projectId: string; name: string; email: string },
): Promise<ContactRow> {
  const [row] = await em.execute<ContactRow[]>(
    `insert into customer_contact (id, project_id, name, email, created_at)
     values (gen_random_uuid(), ?, ?, ?, now())
     returning ${COLUMNS}`,
    [contact.projectId, contact.name, contact.email],
  );
  return row!;
}

/** Removes a contact of the project; false when the project has none with this id. */
export async function deleteContact(
  em: EntityManager,
  projectId: string,
  contactId: string,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    'delete from customer_contact where id = ? and project_id = ? returning id',
    [contactId, projectId],
  );
  return rows.length > 0;
}

/**
 * Notes an invitation to a contact (by `invitedBy`): its row, and the contact's `invited_at`.
 * Returns the contact as it is now.
 */
export async function recordInvitation(
  em: EntityManager,
  invitation: { projectId: string; contactId: string; invitedBy: string },
): Promise<ContactRow> {
  await em.execute(
    `insert into customer_invitation (id, project_id, contact_id, invited_by_id, created_at)
     values (gen_random_uuid(), ?, ?, ?, now())`,
    [invitation.projectId, invitation.contactId, invitation.invitedBy],
  );
  const [row] = await em.execute<ContactRow[]>(
    `update customer_contact set invited_at = now() where id = ? returning ${COLUMNS}`,
    [invitation.contactId],
  );
  return row!;
}
