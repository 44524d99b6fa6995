import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dataVersionOf } from '../db/data-version';

// What an answer built from an event's data is checked against before it is reused
// (docs/decisions/117), without asking the database. On a SQLite file: its data version, which
// moves with any connection's commit (this process's, or a `ukt` command's beside the server).
// Elsewhere: this process's commits (the writer's after-commit hook, and every answered write
// request, since PostgreSQL's score and take writes are one statement of their own outside the
// writer) and the live bus's take and score events of any process. On PostgreSQL not every write
// elsewhere is announced (an import or a pass-rule change by another process), so a reuse there is
// also bounded in age, and nothing is reused while the bus is down.

/** Whether an event's data may have changed since an answer was built from it. */
export interface DataChanges {
  /** A token that moves whenever the event's data may have changed. */
  changeOf(idUkt: number): string;
  /** How long an answer built now may be reused while its token holds: 0 for not at all. */
  maxAgeMs(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The change tokens of events' data, for answers reused until the next write. */
    dataChanges: DataChanges;
  }
}

/** The longest a PostgreSQL answer is reused: a write another process does not announce shows after this. */
export const PG_MAX_AGE_MS = 1_000;

/** The tracker of one process: counts its commits, the bus's events per event, and the bus's status changes. */
function createDataChanges(app: FastifyInstance): DataChanges {
  let local = 0;
  const announced = new Map<string, number>();
  app.writer.afterCommit(() => {
    local++;
  });
  // Before the answer leaves, refused or not: whoever got it and asks again sees the change.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') local++;
    done(null, payload);
  });
  const unsubscribe = app.live.subscribeAll((message) => {
    if (message.kind === 'status') {
      // Writes announced while the link was down were missed: everything built before is suspect.
      local++;
      return;
    }
    const id = message.event.id_ukt;
    announced.set(id, (announced.get(id) ?? 0) + 1);
  });
  app.addHook('onClose', async () => unsubscribe());
  const postgres = app.dialect === 'postgres';
  return {
    changeOf(idUkt) {
      // A SQLite file's data version moves once with every commit, this process's and others':
      // the counters would only move it again for the same commit (another build each time).
      const version = dataVersionOf(app.db);
      return version === undefined ? `${local}.${announced.get(String(idUkt)) ?? 0}` : String(version);
    },
    maxAgeMs: () => (!postgres ? Number.POSITIVE_INFINITY : app.live.live ? PG_MAX_AGE_MS : 0),
  };
}

/** Decorates app.dataChanges; registered after the database and the live bus. */
export const dataChangesPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('dataChanges', createDataChanges(app));
});
