import { matchPath } from 'react-router-dom';
import { paths } from '../config/paths.ts';

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
  // Case-sensitive (matchPath's default is not); matchPath leaves the token URL-encoded.
  const match = matchPath({ path: paths.share.path, caseSensitive: true, end: false }, pathname);
  return match
    ? { basename: match.pathnameBase, token: decodeURIComponent(match.params.edit_token!) }
    : { basename: '', token: undefined };
}
