/**
 * People type website addresses the way they read them on a van or a letterhead:
 * „www.backhaus-krause.de“, „backhaus-krause.de/kontakt“. A text field marked
 * `"x-normalize": "url"` gets `https://` in front of such a value before it is checked, so the
 * stored value still follows the schema's rule (an address with http, https or ftp).
 *
 * A value that already names a scheme („http://…“, „ftp://…“, but also „mailto:…“ or
 * „javascript:…“) is left as it is: the schema accepts or rejects it with its own message, and
 * nothing unsafe turns into an accepted address. A colon followed by a digit is a port
 * („backhaus-krause.de:8080“), not a scheme.
 */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/iu;

/** A trimmed address with `https://` in front where it names no scheme; empty stays empty. */
export function normalizeUrl(text: string): string {
  const value = text.trim();
  if (value === '' || HAS_SCHEME.test(value)) return value;
  // „//host/…“ is an address without its scheme, too.
  return value.startsWith('//') ? `https:${value}` : `https://${value}`;
}
