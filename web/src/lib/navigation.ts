/**
 * Full page loads for the server-rendered pages (`/login`, `/logout`), and the address they return
 * to. Kept in one place so tests can observe them.
 */
export const navigation = {
  /**
   * Set while the app itself leaves: the browser's "leave page?" question is not asked then, as
   * nothing is lost (unsaved input is kept as a draft in the browser's storage).
   */
  leaving: false,
  leaveTo(url: string): void {
    navigation.leaving = true;
    window.location.assign(url);
  },
  /** The address of the page on screen (path, query, fragment), to come back to after a login. */
  currentPath(): string {
    const { pathname, search, hash } = window.location;
    return `${pathname}${search}${hash}`;
  },
};
