import type { FastifyPluginAsync } from 'fastify';
import { backupPanitiaRoutes } from '../backup/backup.panitia.routes';
import { documentsRoutes } from '../documents/documents.routes';
import { liveRoutes } from '../live/live.routes';
import { sambungkanRoutes } from '../sambungkan/sambungkan.routes';
import { requirePanitia } from './panitia.hooks';
import { panitiaImporRoutes } from './panitia-impor.routes';
import { panitiaKegiatanRoutes } from './panitia-kegiatan.routes';
import { panitiaKoreksiRoutes } from './panitia-koreksi.routes';
import { panitiaOrganisasiRoutes } from './panitia-organisasi.routes';
import { panitiaPengujiRoutes } from './panitia-penguji.routes';
import { panitiaProgresRoutes } from './panitia-progres.routes';
import { panitiaRekapRoutes } from './panitia-rekap.routes';
import { panitiaSahkanRoutes } from './panitia-sahkan.routes';
import { panitiaSiswaRoutes } from './panitia-siswa.routes';
import { panitiaSoalRoutes } from './panitia-soal.routes';

// The committee console's calls (DESIGN §9), all under /panitia and all for committee admins only.
// Each area registers its own routes file here; paths come from core's API.panitia contract.

/** Every /panitia route, behind the committee-admin guard (the token is checked before it). */
export const panitiaRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requirePanitia);
  await app.register(panitiaImporRoutes);
  await app.register(panitiaKegiatanRoutes);
  await app.register(panitiaPengujiRoutes);
  await app.register(panitiaOrganisasiRoutes);
  await app.register(panitiaSiswaRoutes);
  await app.register(panitiaSoalRoutes);
  await app.register(panitiaProgresRoutes);
  await app.register(panitiaRekapRoutes);
  await app.register(panitiaKoreksiRoutes);
  await app.register(panitiaSahkanRoutes);
  await app.register(liveRoutes);
  await app.register(documentsRoutes);
  await app.register(sambungkanRoutes);
  await app.register(backupPanitiaRoutes);
};
