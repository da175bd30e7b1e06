import { fileURLToPath } from 'node:url';

/** The folder holding the German preset lists (`*.de.json`). */
export const presetsDir = fileURLToPath(new URL('..', import.meta.url));
