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

/** The package that is safe on the running Node. */
export const sqliteDriverPackage = usesNodeApiSqlite ? 'better-sqlite3-napi' : 'better-sqlite3';

/**
 * Loads the driver, or says in Indonesian what to do. Version 12 is an optional dependency: on a
 * laptop with Node 22 or later and no compiler its build fails, npm skips it, and 13 is used.
 */
function loadDriver(): typeof BetterSqlite3 {
  try {
    return require(sqliteDriverPackage);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_DLOPEN_FAILED') throw error;
    throw new Error(
      `Driver SQLite untuk Node ${process.versions.node} (${sqliteDriverPackage}) tidak terpasang atau tidak cocok. ` +
        (usesNodeApiSqlite
          ? 'Jalankan "npm ci" lagi di folder aplikasi.'
          : 'Pasang Node.js 24 atau yang lebih baru (LTS), lalu jalankan "npm ci" lagi di folder aplikasi.'),
      { cause: error },
    );
  }
}

/** The better-sqlite3 Database class that is safe on the running Node. */
const SQLite: typeof BetterSqlite3 = loadDriver();

// Type-only alias so callers can name `SQLite.Database` and `SQLite.Statement` as before.
declare namespace SQLite {
  type Database = BetterSqlite3.Database;
  type Statement = BetterSqlite3.Statement;
}

export default SQLite;
