import { fileURLToPath } from 'node:url';

/** The folder holding `questionnaire.json`, `steps/` and `forms/`. */
export const schemasDir = fileURLToPath(new URL('..', import.meta.url));
