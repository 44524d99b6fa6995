/** Debian's Chromium (e2e/README.md): no Playwright browser download. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium's flags for every test: headless, and quiet (no updates, sync or first-run screens). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
