import { createHash } from 'node:crypto';

/**
 * A strong ETag for a body that a route serves unchanged for the life of the process (the checks
 * module, a stored revision): computed once by the route, so a browser's revalidation is an empty
 * 304. Express computes no ETags itself (create-app.ts).
 */
export const etagOf = (body: string | Buffer): string =>
  `"${createHash('sha1').update(body).digest('base64url')}"`;
