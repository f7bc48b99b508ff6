// The system Chromium (Debian's `chromium` package) drives every browser test: Playwright's own
// browser download is never used (this machine has no route to it).
import { existsSync } from 'node:fs';

/** @returns {string} */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Flags that keep a headless Chromium quiet and working as root on a closed network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** One line telling how to get a browser, instead of a stack trace deep in a test. */
export function assertChromium() {
  const path = chromiumPath();
  if (!existsSync(path)) {
    console.error(
      `Chromium not found at ${path}: install it with "sudo apt-get install -y chromium" ` +
        '(or set CHROMIUM_PATH to a Chromium/Chrome binary), then run the tests again.',
    );
    process.exit(1);
  }
}
