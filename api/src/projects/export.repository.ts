import type { EntityManager } from '@mikro-orm/postgresql';

// The SQL of the results export (GET /projects/{id}/export).

/** An agency's logo: its type and bytes, for the Word file's cover; undefined without one. */
export async function agencyLogo(
  em: EntityManager,
  agencyId: string,
): Promise<{ contentType: string; data: Buffer } | undefined> {
  const [row] = await em.execute<{ content_type: string; data: Buffer }[]>(
    'select content_type, data from agency_logo where agency_id = ?',
    [agencyId],
  );
  return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : undefined;
}
