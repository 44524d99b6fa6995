import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// better-sqlite3 12 built for Node 24 aborts the process when V8 collects a statement outside a
// JavaScript call (a failed check in Node's ObjectWrap, any time a server runs for a while).
// Version 13 is built on Node-API and does not, but needs Node-API 10 (Node 22 and later), which
// Node 20 lacks. Each Node gets the one that works on it, until Node 20 is dropped
// (docs/decisions/101).

const require = createRequire(import.meta.url);

/** Whether this Node loads better-sqlite3 13 (Node-API 10) rather than 12. */
export const usesNodeApiSqlite = Number(process.versions.napi) >= 10;

/** The better-sqlite3 Database class that is safe on the running Node. */
const SQLite: typeof BetterSqlite3 = require(usesNodeApiSqlite ? 'better-sqlite3-napi' : 'better-sqlite3');

// Type-only alias so callers can name `SQLite.Database` and `SQLite.Statement` as before.
declare namespace SQLite {
  type Database = BetterSqlite3.Database;
  type Statement = BetterSqlite3.Statement;
}

export default SQLite;
