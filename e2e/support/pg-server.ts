import { freshDatabase } from '@ukt/server/test-support/pg-cluster';
import pg from 'pg';
import { startServer, type TestServer } from './server';

// The built server on a PostgreSQL database of its own (TEST_DATABASE_URL's server, or a throwaway
// cluster without it), for what only several processes or the database's own link show: the live
// bus over LISTEN/NOTIFY. It can refuse new connections to its database for a while, which cuts
// the server's listener and keeps it from coming back, while its pool's open connections still serve.

/** A server on PostgreSQL, with what a test needs to cut its link to the database. */
export interface PgTestServer extends TestServer {
  /** Refuses (false) or allows again (true) new connections to the database. */
  allowConnections(allow: boolean): Promise<void>;
  /** Ends the server's LISTEN connection, as a database restart would. */
  cutListener(): Promise<void>;
}

/** Starts `node apps/server/dist/server.js` with the demo data on a fresh PostgreSQL database. */
export async function startPgServer(): Promise<PgTestServer> {
  const database = await freshDatabase('ukt_e2e');
  const name = new URL(database.url).pathname.slice(1);
  const adminUrl = new URL(database.url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const server = await startServer({ databaseUrl: database.url });
  return {
    ...server,
    async allowConnections(allow) {
      await admin.query(`alter database ${name} with allow_connections ${allow}`);
    },
    async cutListener() {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
        [name],
      );
    },
    async stop() {
      await server.stop();
      await admin.query(`alter database ${name} with allow_connections true`).catch(() => undefined);
      await admin.end();
      await database.drop();
    },
  };
}
