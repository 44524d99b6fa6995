import { test as base, expect } from '@playwright/test';
import { startServer, type TestServer } from './server';

/** The server of the test running in this worker; loginAs() reads codes through it. */
let current: TestServer | null = null;

/** The server fixture of the running test (for helpers that are handed only a page). */
export function currentServer(): TestServer {
  if (!current) throw new Error('no server: use the `test` exported by e2e/support/fixtures');
  return current;
}

/**
 * Playwright's test with a `server` fixture: a fresh API server on its own temporary SQLite
 * database for every test, so tests never share examiners, rate limits or taken participants
 * (see e2e/README.md). `baseURL` points at it.
 */
export const test = base.extend<{ server: TestServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  server: async ({}, use) => {
    const server = await startServer();
    current = server;
    try {
      await use(server);
    } finally {
      current = null;
      await server.stop();
    }
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect };
