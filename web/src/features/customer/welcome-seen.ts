/**
 * Whether this browser has started the questionnaire of a project from its welcome page
 * (docs/product.md#willkommensseite-und-dank). Kept per project id in localStorage – not per
 * share token, which is a secret that should not outlive the page in the browser's storage.
 */
const keyOf = (projectId: string) => `fragewerk.welcome.${projectId}`;

export function welcomeSeen(projectId: string): boolean {
  try {
    return window.localStorage.getItem(keyOf(projectId)) !== null;
  } catch {
    // Storage switched off: the welcome shows until the project has its first answer.
    return false;
  }
}

export function markWelcomeSeen(projectId: string): void {
  try {
    window.localStorage.setItem(keyOf(projectId), new Date().toISOString());
  } catch {
    // Nothing to remember it in; see welcomeSeen.
  }
}
