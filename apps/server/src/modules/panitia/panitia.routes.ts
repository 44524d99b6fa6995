import type { FastifyPluginAsync } from 'fastify';
import { liveRoutes } from '../live/live.routes';
import { requirePanitia } from './panitia.hooks';

// The committee console's calls (DESIGN §9), all under /panitia and all for committee admins only.
// Each area registers its own routes file here; paths come from core's API.panitia contract.

/** Every /panitia route, behind the committee-admin guard (the token is checked before it). */
export const panitiaRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requirePanitia);
  await app.register(liveRoutes);
};
