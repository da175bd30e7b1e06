import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What the links of mails about a project contain: the approval mail links to
 * `/projekte/{id}/ergebnisse` (projects.service.ts). Mails carry no project column; their link
 * is what ties them to a project, in the outbox and in the mail files.
 */
export const projectMailMarker = (projectId: string) => `/projekte/${projectId}/`;

/**
 * Deletes the outbox rows addressed to any of `addresses` (sent or not, given up or not), in the
 * transaction of `em`; returns how many.
 */
export async function deleteOutboxMailTo(em: EntityManager, addresses: string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const rows = await em.execute<{ id: string }[]>(
    `delete from mail_outbox
      where lower(recipient) in (select lower(jsonb_array_elements_text(?::jsonb)))
      returning id`,
    [JSON.stringify(addresses)],
  );
  return rows.length;
}

/**
 * Deletes the outbox rows about any of the projects (their link names it), in the transaction of
 * `em`; returns how many. Such a mail names the customer and the project.
 */
export async function deleteOutboxMailAbout(
  em: EntityManager,
  projectIds: string[],
): Promise<number> {
  if (projectIds.length === 0) return 0;
  const rows = await em.execute<{ id: string }[]>(
    `delete from mail_outbox m
      using jsonb_array_elements_text(?::jsonb) as marker(text)
      where position(marker.text in m.link) > 0
      returning m.id`,
    [JSON.stringify(projectIds.map(projectMailMarker))],
  );
  return rows.length;
}
