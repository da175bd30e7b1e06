/**
 * Where the app runs: under `/share/{edit_token}` for a customer with a share link, else at `/`.
 */
export interface ShareContext {
  /** The router's basename: `/share/{token}` or empty. */
  basename: string;
  token: string | undefined;
}

/**
 * Reads the edit token from the first path segment after `/share/`
 * (docs/product.md#routen-und-screens).
 */
export function shareContextFrom(pathname: string): ShareContext {
  const match = /^\/share\/([^/]+)/.exec(pathname);
  return match
    ? { basename: match[0], token: decodeURIComponent(match[1]!) }
    : { basename: '', token: undefined };
}
