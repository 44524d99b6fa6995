import {
  API,
  apiResult,
  CabangOption,
  OptionalId,
  PerwapusOption,
  RantingOption,
  RayonOption,
} from '@ukt/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS } from '../../lib/schemas';
import { type AuthPenguji, pengujiOf } from '../../plugins/context';
import { listRegions, perwapusIds } from './regions.repository';

/**
 * The filter option lists (DESIGN §4). An examiner who is not admin gets only their own perwapus
 * and cabang, matching the list they are locked to (SPEC §6).
 */
export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const locked = (value: number | null, isAdmin: boolean) => (isAdmin ? undefined : (value ?? undefined));
  // A non-admin without a perwapus or cabang has no scope yet: no options (fail closed, like the list).
  const unscoped = (e: AuthPenguji) => !e.isAdmin && (e.id_perwapus === null || e.id_cabang === null);

  app.get(
    API.perwapus.route,
    { schema: { tags: ['filter'], response: { 200: apiResult(z.array(PerwapusOption)), ...AUTH_ERRORS } } },
    async (request) => {
      const e = pengujiOf(request);
      if (unscoped(e)) return { success: true, data: [] };
      const rows = await listRegions(app.db, 'perwapus', {
        parent: e.id_organisasi,
        only: locked(e.id_perwapus, e.isAdmin),
      });
      return { success: true, data: rows.map((r) => ({ id_perwapus: String(r.id), perwapus: r.nama })) };
    },
  );

  app.get(
    API.cabang.route,
    {
      schema: {
        tags: ['filter'],
        querystring: z.object({ id_perwapus: OptionalId }),
        response: { 200: apiResult(z.array(CabangOption)), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const e = pengujiOf(request);
      if (unscoped(e)) return { success: true, data: [] };
      const perwapus = locked(e.id_perwapus, e.isAdmin) ?? request.query.id_perwapus;
      const parentIds = perwapus === undefined ? await perwapusIds(app.db, e.id_organisasi) : [perwapus];
      const rows = await listRegions(app.db, 'cabang', { parentIds, only: locked(e.id_cabang, e.isAdmin) });
      return { success: true, data: rows.map((r) => ({ id_cabang: String(r.id), cabang: r.nama })) };
    },
  );

  app.get(
    API.ranting.route,
    {
      schema: {
        tags: ['filter'],
        querystring: z.object({ id_cabang: OptionalId }),
        response: { 200: apiResult(z.array(RantingOption)), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const e = pengujiOf(request);
      if (unscoped(e)) return { success: true, data: [] };
      const cabang = locked(e.id_cabang, e.isAdmin) ?? request.query.id_cabang;
      const rows = cabang === undefined ? [] : await listRegions(app.db, 'ranting', { parent: cabang });
      return { success: true, data: rows.map((r) => ({ id_ranting: String(r.id), ranting: r.nama })) };
    },
  );

  app.get(
    API.rayon.route,
    {
      schema: {
        tags: ['filter'],
        querystring: z.object({ id_ranting: OptionalId }),
        response: { 200: apiResult(z.array(RayonOption)), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      if (unscoped(pengujiOf(request))) return { success: true, data: [] };
      const rows =
        request.query.id_ranting === undefined
          ? []
          : await listRegions(app.db, 'rayon', { parent: request.query.id_ranting });
      return { success: true, data: rows.map((r) => ({ id: String(r.id), rayon: r.nama })) };
    },
  );
};
