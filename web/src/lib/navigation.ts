/**
 * Full page loads for the server-rendered pages (`/login`, `/logout`). Kept in one place so tests
 * can observe them.
 */
export const navigation = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
};
