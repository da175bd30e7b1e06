import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from '../tools/src/chromium.ts';

if (!existsSync(JOURNEY_CHROMIUM_PATH)) {
  // Playwright cannot download its own browser here; Debian's Chromium is the one we test with.
  throw new Error(
    `Chromium fehlt unter ${JOURNEY_CHROMIUM_PATH}. Bitte installieren: sudo apt-get install chromium chromium-headless-shell poppler-utils (oder CHROMIUM_PATH setzen).`,
  );
}

/** The server under test: the built app on its own port with its own data folder. */
const PORT = Number(process.env.E2E_PORT ?? 3199);
// Other names (E2E_DATA_NAME, E2E_FIXTURE_DATA_NAME, with other ports) let two runs share a checkout.
export const E2E_DATA_DIR = `test-results/${process.env.E2E_DATA_NAME ?? 'e2e-data'}`;

/** A second server whose definition holds the fixture step (tests/e2e/fixture-step.spec.ts). */
export const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 3198);
export const E2E_FIXTURE_DATA_DIR = `test-results/${process.env.E2E_FIXTURE_DATA_NAME ?? 'e2e-fixture-data'}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/playwright',
  // A spec file's journeys run in order; four files at a time keep both cores busy while
  // journeys wait for the server or the browser (each journey is an agency of its own): all 72
  // took 3.7 min with two (the cores half idle), 2.4 min with four.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // A trace is recorded only on request (E2E_TRACE=retain-on-failure): recording it for every
    // journey, passing or not, cost four spec files 4.2 → 5.4 min and 147 → 206 CPU-seconds; a
    // failure still leaves its screenshot and the page's state.
    trace: (process.env.E2E_TRACE as 'off' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (its headless shell where installed): Playwright cannot download a
      // browser here.
      executablePath: JOURNEY_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: `rm -rf ${E2E_DATA_DIR} && node api/dist/main.js`,
      cwd: '..',
      url: `http://localhost:${PORT}/api/config/presets`,
      reuseExistingServer: false,
      timeout: 60_000,
      // The journeys register many agencies; each comes from an address of its own
      // (`asNewClient` in e2e/support.ts sends X-Forwarded-For, which a server trusts from its
      // proxy on loopback), so the per-address limits of SECURITY.md see many clients, not one.
      env: {
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        APP_URL: `http://localhost:${PORT}`,
        TRUST_PROXY: 'loopback',
      },
    },
    {
      command: `rm -rf ${E2E_FIXTURE_DATA_DIR} && node tests/e2e/start-fixture-server.ts`,
      cwd: '..',
      url: `http://localhost:${FIXTURE_PORT}/api/config/presets`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(FIXTURE_PORT),
        DATA_DIR: E2E_FIXTURE_DATA_DIR,
        APP_URL: `http://localhost:${FIXTURE_PORT}`,
        TRUST_PROXY: 'loopback',
      },
    },
  ],
});
