/**
 * Only the studio's journey, without the product's servers (it starts its own studio):
 * `npx playwright test -c tests/playwright.studio.config.ts`. `npm test` runs it with the others.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({ ...base, webServer: undefined, testMatch: 'studio.spec.ts' });
