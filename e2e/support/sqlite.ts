// The tests read and lock the server's SQLite file with the same driver the server loads on this
// Node (better-sqlite3 13 where Node-API 10 exists, else 12: docs/decisions/101), so the browser
// suite runs on every supported Node.
import SQLite from '../../apps/server/src/db/sqlite-driver';

export default SQLite;
