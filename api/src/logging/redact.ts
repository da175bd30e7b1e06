/**
 * Paths whose second segment is a secret: the share token of a customer link, and the one-time
 * tokens of activation and reset links.
 */
const SECRET_SEGMENT = /^\/(share|verify|passwort-zuruecksetzen)\/[^/?#]*/;

/**
 * The path of a URL as it may be logged: without the query, with the share token and one-time
 * tokens replaced (`/share/<redacted>/…`).
 */
export function redactPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.replace(SECRET_SEGMENT, '/$1/<redacted>');
}
