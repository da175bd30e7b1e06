/**
 * The Chromium the end-to-end tests and the benchmarks drive: Debian's package (Playwright cannot
 * download its own browser on our machines), launched with the same switches by both.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
