import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteDriverPackage, usesNodeApiSqlite } from '../../src/db/sqlite-driver';
import { SERVER_DIR } from '../support/paths';

// better-sqlite3 12 is an optional dependency: on a laptop with a newer Node and no compiler its
// build fails and npm skips it (decision 135). Whichever driver this Node needs, a missing one stops
// the server with an Indonesian message that says what to do, not a bare "Cannot find module".

const run = promisify(execFile);
const SERVER = SERVER_DIR;
const work = mkdtempSync(join(tmpdir(), 'ukt-driver-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A preload that makes `require(name)` fail as it does when npm skipped the package. */
function hiding(name: string): string {
  const file = join(work, `hide-${name}.cjs`);
  writeFileSync(
    file,
    `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === ${JSON.stringify(name)}) {
    const error = new Error("Cannot find module '" + request + "'");
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolve.call(this, request, ...rest);
};
`,
  );
  return file;
}

/** Loads the driver module in a fresh Node with `hidden` made missing; its exit and stderr. */
async function loadWithout(hidden: string): Promise<{ code: number; stderr: string }> {
  try {
    await run(
      process.execPath,
      [
        '--require',
        hiding(hidden),
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "await import('./src/db/sqlite-driver.ts')",
      ],
      { cwd: SERVER },
    );
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('the SQLite driver for the running Node', () => {
  it(`is ${usesNodeApiSqlite ? 'better-sqlite3 13 (Node-API 10)' : 'better-sqlite3 12'} on Node ${process.versions.node}, and it opens a database`, async () => {
    const { default: SQLite } = await import('../../src/db/sqlite-driver');
    const db = new SQLite(':memory:');
    expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    db.close();
    expect(sqliteDriverPackage).toBe(
      Number(process.versions.napi) >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3',
    );
  });

  it('missing, stops with an Indonesian message that says what to install', async () => {
    const { code, stderr } = await loadWithout(sqliteDriverPackage);
    expect(code).not.toBe(0);
    expect(stderr).toContain(
      `Driver SQLite untuk Node ${process.versions.node} (${sqliteDriverPackage}) tidak terpasang`,
    );
    expect(stderr).toContain(
      usesNodeApiSqlite ? 'Jalankan "npm ci" lagi' : 'Pasang Node.js 24 atau yang lebih baru',
    );
  });

  it('the other major missing changes nothing', async () => {
    const other = sqliteDriverPackage === 'better-sqlite3' ? 'better-sqlite3-napi' : 'better-sqlite3';
    expect(await loadWithout(other)).toEqual({ code: 0, stderr: '' });
  });
});
