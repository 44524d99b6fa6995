import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH as CHROMIUM } from '../support/chromium';

/**
 * Playwright global setup: the tests drive Debian's Chromium. When it is missing it is installed
 * with apt-get if we are root; otherwise the run stops with one line saying how to install it.
 */
export default function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${CHROMIUM} is missing: install it with "sudo apt-get install -y chromium", then rerun npm test.`,
    );
  }
  console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get ran but ${CHROMIUM} is still missing.`);
}
