/**
 * The platform's folder – its forms (`forms/`), the API's response schemas (`api/`), the generated
 * types and the editor schemas –, with a trailing slash. Read from
 * the module's URL without node:url, so that it also works where a test environment replaces it.
 */
export const schemasDir = decodeURIComponent(new URL('..', import.meta.url).pathname);
