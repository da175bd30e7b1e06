/**
 * Paths whose second segment is a secret: the share token of a customer link, and the one-time
 * tokens of activation, reset, e-mail confirmation and invitation links. Routing ignores case,
 * so this does too (`/SHARE/<token>/…` is served like `/share/…`).
 */
const SECRET_SEGMENT =
  /^\/+(share|verify|passwort-zuruecksetzen|email-bestaetigen|einladung)\/+[^/]*/i;

/**
 * A segment shaped like one of our tokens (256 bits in base64url or hex are 43 or 64 characters)
 * anywhere in a path: whatever spelling reaches the server, a token never reaches the log.
 */
const TOKEN_SHAPED = /^[\w-]{32,}$/;
/** Ids (UUIDs) are long too, but no secret, and the log needs them. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The path of a URL as it may be logged: without the query, with the share token and one-time
 * tokens replaced (`/share/<redacted>/…`), however the path is spelled (case, `%`-escapes,
 * doubled slashes).
 */
export function redactPath(url: string): string {
  const path = (url.split(/[?#]/, 1)[0] ?? '')
    .split('/')
    .map(decoded)
    .map((segment) => (TOKEN_SHAPED.test(segment) && !UUID.test(segment) ? '<redacted>' : segment))
    .join('/');
  return path.replace(SECRET_SEGMENT, (_whole, prefix: string) => `/${prefix}/<redacted>`);
}
