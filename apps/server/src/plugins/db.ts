import fp from 'fastify-plugin';
import type { Db } from '../db/connect';
import { createWriter } from '../db/writer';

/** Makes the opened database available as app.db (and its writer) and closes it with the app. */
export const dbPlugin = fp<{ database: Db }>(async (app, { database }) => {
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  const writer = createWriter(database.db, database.dialect);
  app.decorate('writer', writer);
  app.addHook('onClose', async () => {
    await writer.settled();
    await database.db.destroy();
  });
});
