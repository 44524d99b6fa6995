import type { TestApp } from './app';

// Times read off the app's test clock, written as the API writes them.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The app's now, moved by `offsetMs`, as an ISO timestamp. */
export const isoAt = (t: TestApp, offsetMs = 0) => new Date(t.app.clock() + offsetMs).toISOString();

/** A day (YYYY-MM-DD) in WIB (UTC+7), `days` from the app's now. */
export const wibDay = (t: TestApp, days = 0) => isoAt(t, days * DAY + 7 * HOUR).slice(0, 10);
