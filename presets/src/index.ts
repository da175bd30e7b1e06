/**
 * The folder holding the German preset lists (`*.de.json`), with a trailing slash. Read from the
 * module's URL without node:url, so that it also works where a test environment replaces it.
 */
export const presetsDir = decodeURIComponent(new URL('..', import.meta.url).pathname);
