import { existsSync } from 'node:fs';

/**
 * The Chromium the benchmarks drive: Debian's package (Playwright cannot download its own browser
 * on our machines), the full browser a person uses, since the benchmarks measure what they see.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the end-to-end journeys drive: Debian's `chromium-headless-shell` where it is
 * installed – the same engine without the full browser's window machinery, and what Playwright
 * itself runs for headless tests (four spec files: 58 CPU-seconds, with the full browser 84).
 * Without it, the full browser; `CHROMIUM_PATH` chooses another one.
 */
export const JOURNEY_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  // Runs as root in containers, where Chromium's sandbox cannot start.
  '--no-sandbox',
  // No GPU on the machines; software rendering, the same for every run.
  '--disable-gpu',
  // No network beyond the product: no update checks, no component downloads, no sync.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
