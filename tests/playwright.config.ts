import { defineConfig } from '@playwright/test';

/** The server under test: the built app on its own port with its own data folder. */
const PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DATA_DIR = 'test-results/e2e-data';

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node api/dist/main.js`,
    cwd: '..',
    url: `http://localhost:${PORT}/api/config/presets`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), DATA_DIR: E2E_DATA_DIR, APP_URL: `http://localhost:${PORT}` },
  },
});
