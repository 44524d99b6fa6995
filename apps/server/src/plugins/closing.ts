import fp from 'fastify-plugin';

/**
 * A stopping server (an upgrade, SIGTERM) answers the requests it already has, and closes each
 * of those connections after its answer. Fastify says `Connection: close` only to requests that
 * arrive while it stops; a phone's keep-alive connection whose answer comes later would hold the
 * stop open until the server is killed (docs/decisions/121).
 */
export const closingPlugin = fp(async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
