/** Where the login page sends a person back to: the query parameter, e.g. `/login?weiter=/account`. */
export const RETURN_PARAMETER = 'weiter';

/** A base that no real address has: a path resolved against it must stay on it. */
const PROBE_ORIGIN = 'http://fragewerk.invalid';

/**
 * Paths a login must never return to: the login itself (a loop), the logout, the API, and a share
 * link (its address holds the secret, which must not travel in a query string or a log line).
 */
const NO_RETURN = /^\/(?:login|logout|api|share)(?:[/?#]|$)/i;

/** A backslash or a control character: browsers drop or reinterpret them in addresses. */
const isForbiddenCharacter = (character: string) => {
  const code = character.charCodeAt(0);
  return character === '\\' || code < 0x20 || code === 0x7f;
};

/**
 * The page a login returns to, when `value` names one on this server: a path beginning with a
 * single `/`, without backslashes or control characters (browsers read `/\evil.example` and
 * `//evil.example` as other hosts), at most 2,000 characters. Anything else – another host, a
 * scheme, garbage – is no return: the login goes to the dashboard as before. Only this normalised
 * form is ever put into a redirect or a page.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  if ([...value].some(isForbiddenCharacter)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NO_RETURN.test(path) ? undefined : path;
}

/** The login page's address that returns to `path` (or the plain login page). */
export function loginUrlReturningTo(path: string | undefined): string {
  return path ? `/login?${RETURN_PARAMETER}=${encodeURIComponent(path)}` : '/login';
}
