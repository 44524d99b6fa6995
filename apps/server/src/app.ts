import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { API_PREFIX } from '@ukt/core';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { oldBackupsNote } from './config/backup-dir';
import { ensureDataDir } from './config/data-dir';
import type { Config } from './config/env';
import { openDb } from './db/connect';
import { assertDatabaseClock } from './db/database-clock';
import { databaseSecret } from './db/database-secret';
import { demoPanitiaRoutes } from './demo/demo.panitia.routes';
import { DEMO_LOG_LINE, seedDemoOrganisasi } from './demo/seed';
import { type Clock, systemClock } from './lib/clock';
import './lib/zod-locale';
import { startMaintenance } from './maintenance';
import { authPlugin } from './modules/auth/auth.hooks';
import { authPanitiaRoutes } from './modules/auth/auth.panitia.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createOtpSender, type OtpSender } from './modules/auth/otp-delivery';
import { tautanWaPanitiaRoutes } from './modules/auth/tautan-wa.panitia.routes';
import { startBackupSchedule } from './modules/backup/backup-schedule';
import { backupBeforeMigrate } from './modules/backup/backup-source';
import { verifikasiRoutes } from './modules/documents/verifikasi.routes';
import { healthRoutes } from './modules/health/health.routes';
import { kegiatanRoutes } from './modules/kegiatan/kegiatan.routes';
import { keshanRoutes } from './modules/keshan/keshan.routes';
import { audioRoutes } from './modules/media/audio.routes';
import { imgRoutes } from './modules/media/img.routes';
import { mediaStoreFor } from './modules/media/media.store';
import { moveMediaIntoDatabase } from './modules/media/media-move';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { requestMetricsPlugin } from './modules/metrics/request-metrics';
import { nilaiRoutes } from './modules/nilai/nilai.routes';
import { adminPanitia, NO_ADMIN_LINE } from './modules/organisasi/mulai.service';
import { ensureOrganisasi } from './modules/organisasi/organisasi.repository';
import { organisasiRoutes } from './modules/organisasi/organisasi.routes';
import { pengujiTertundaPlugin } from './modules/penguji/penguji-tertunda.hooks';
import { regionsRoutes } from './modules/regions/regions.routes';
import { pasangSertifikatRoutes } from './modules/sambungkan/pasang-sertifikat.routes';
import { siswaRoutes } from './modules/siswa/siswa.routes';
import { queueGatewayOf } from './modules/whatsapp/gateway-choice';
import { waPanitiaRoutes } from './modules/whatsapp/wa.panitia.routes';
import { startWaQueue } from './modules/whatsapp/wa-queue.service';
import './plugins/context';
import { backupPanitiaRoutes } from './modules/backup/backup.panitia.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { importsPanitiaRoutes } from './modules/imports/imports.panitia.routes';
import { kegiatanPanitiaRoutes } from './modules/kegiatan/kegiatan.panitia.routes';
import { soalPanitiaRoutes } from './modules/keshan/keshan-soal.panitia.routes';
import { liveRoutes } from './modules/live/live.routes';
import { organisasiPanitiaRoutes } from './modules/organisasi/organisasi.panitia.routes';
import { pengujiPanitiaRoutes } from './modules/penguji/penguji.panitia.routes';
import { koreksiPanitiaRoutes } from './modules/results/koreksi.panitia.routes';
import { progresPanitiaRoutes } from './modules/results/progres.panitia.routes';
import { rekapPanitiaRoutes } from './modules/results/rekap.panitia.routes';
import { sahkanPanitiaRoutes } from './modules/results/sahkan.panitia.routes';
import { sambungkanRoutes } from './modules/sambungkan/sambungkan.routes';
import { siswaPanitiaRoutes } from './modules/siswa/siswa.panitia.routes';
import { closingPlugin } from './plugins/closing';
import { compressionPlugin } from './plugins/compression';
import { controlCharactersPlugin } from './plugins/control-characters';
import { dataChangesPlugin } from './plugins/data-changes';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { livePlugin } from './plugins/live';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requirePanitia } from './plugins/require-panitia';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticWebPlugin } from './plugins/static-web';
import { loggerOptions } from './plugins/terminal-log';

/** What tests may replace: the clock, the OTP sender, the PostgreSQL schema to work in, the session cache, the SQLite lock wait. */
export interface AppOptions {
  clock?: Clock;
  otpSender?: OtpSender;
  pgSchema?: string;
  /**
   * How long a live session token's examiner may be answered from memory, in ms (default
   * SESSION_CACHE_MS, 3 s; 0 turns the cache off): the longest a logout or an examiner change
   * made by another process goes unseen here (docs/decisions/018).
   */
  sessionCacheMs?: number;
  /** How long SQLite waits for another connection's write lock (default 5000 ms). */
  sqliteBusyTimeoutMs?: number;
}

/** JSON bodies are small (one score group, 20 answers); anything larger is a mistake or an attack. */
const BODY_LIMIT = 64 * 1024;

/**
 * The longest path parameter the router takes: a backup's file name (255 bytes, percent-encoded
 * three characters a byte), so every name the Cadangan list shows can be asked for.
 */
const MAX_PARAM_LENGTH = 800;

const CSP = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the card scanner compile its own WebAssembly (ZXing, served from
  // /assets); it allows no JavaScript eval (docs/decisions/077).
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:', 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Helmet's default would make a browser on plain http (a venue phone before HTTPS is set up)
  // fetch every script over https and show a spinner for ever; the secure-context page explains
  // instead (docs/decisions/092).
  upgradeInsecureRequests: null,
};

/** Builds the whole server as a Fastify instance that never listens (tests use app.inject). */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  ensureDataDir(config.dataDir);
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // What Fastify would answer by itself (a malformed URL, an unparsable request) in the app's
    // words and shape (docs/decisions/123).
    frameworkErrors,
    clientErrorHandler,
    // Per-request lines only when debugging: at a venue they would drown the OTP lines.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const clock = options.clock ?? systemClock;
  const database = await openDb(config.databaseUrl, {
    pgSchema: options.pgSchema,
    sqliteBusyTimeoutMs: options.sqliteBusyTimeoutMs,
    log: app.log,
    // A copy of the data as it was, before this version changes its tables (docs/decisions/096).
    beforeMigrate: backupBeforeMigrate(config, {
      clock,
      pgSchema: options.pgSchema,
      say: (line) => app.log.info(line),
    }),
  });

  // This machine's clock against the database's, before anything is written (docs/decisions/165):
  // the machine's own, not a test's clock. Then the key every machine of this database shares, or a
  // refusal that says so (docs/decisions/159).
  const secret = await assertDatabaseClock(database.db, database.dialect, systemClock)
    .then(() => databaseSecret(database.db, config.secret, config.dataDir, clock()))
    .catch(async (error: unknown) => {
      await database.db.destroy();
      throw error;
    });
  app.decorate('config', config);
  app.decorate('secret', secret);
  app.decorate('clock', clock);
  app.decorate('pgSchema', options.pgSchema);

  await app.register(dbPlugin, { database });
  // Recordings and images: files in DATA_DIR on SQLite, rows every machine reads on PostgreSQL,
  // where the files an earlier version left are moved in first (docs/decisions/164).
  app.decorate('media', mediaStoreFor(database.dialect, app.db, config.dataDir, clock));
  if (database.dialect === 'postgres') {
    await moveMediaIntoDatabase(app.db, config.dataDir, { log: app.log, now: clock() }).catch(
      (error: unknown) =>
        app.log.error({ err: error }, 'Rekaman dan gambar di folder data belum dipindahkan ke database'),
    );
  }
  await app.register(closingPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    options: { contentSecurityPolicy: { directives: CSP }, crossOriginEmbedderPolicy: false },
    noStorePrefix: API_PREFIX,
  });
  await app.register(controlCharactersPlugin);
  await app.register(cookie);
  await app.register(multipart);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin, { sessionCacheMs: options.sessionCacheMs ?? config.sessionCacheMs });
  await app.register(idempotencyPlugin);
  await app.register(livePlugin, {
    dialect: database.dialect,
    url: config.databaseUrl,
    pgSchema: options.pgSchema,
  });
  await app.register(dataChangesPlugin);
  await app.register(pengujiTertundaPlugin);
  await app.register(docsPlugin);
  // Counts every answer for /metrics once METRICS_TOKEN turns it on (docs/decisions/163).
  await app.register(requestMetricsPlugin);

  // A new database holds the demo only when asked (UKT_DEMO=1, `npm start`); in service it starts
  // empty and `ukt mulai` or the venue's first start gives it its name and admins (docs/decisions/154).
  const now = new Date(app.clock());
  if (config.demo === true && database.fresh) {
    await seedDemoOrganisasi(app.db, config.orgId, now);
    app.log.info(DEMO_LOG_LINE);
  }
  await ensureOrganisasi(app.db, config.orgId, 'Perguruan Pencak Silat', now.toISOString());
  if ((await adminPanitia(app.db, config.orgId)).length === 0) app.log.warn(NO_ADMIN_LINE);

  // Messages through a WhatsApp gateway (or the webhook relay) wait in its queue (docs/decisions/138).
  const waQueue = startWaQueue(app, queueGatewayOf(config));
  const sender = options.otpSender ?? createOtpSender(config.otp, app.log, waQueue);
  await app.register(
    async (api) => {
      await api.register(compressionPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes, { sender });
      await api.register(organisasiRoutes);
      await api.register(verifikasiRoutes);
      await api.register(async (protectedApi) => {
        protectedApi.addHook('onRequest', protectedApi.authenticate);
        await protectedApi.register(kegiatanRoutes);
        await protectedApi.register(regionsRoutes);
        await protectedApi.register(siswaRoutes);
        await protectedApi.register(nilaiRoutes);
        await protectedApi.register(keshanRoutes);
        // The committee console (DESIGN §9): every /panitia call, for committee admins only. Each
        // area's console routes sit in its own folder; paths come from core's API.panitia contract.
        await protectedApi.register(async (panitiaApi) => {
          panitiaApi.addHook('onRequest', requirePanitia);
          await panitiaApi.register(importsPanitiaRoutes);
          await panitiaApi.register(kegiatanPanitiaRoutes);
          await panitiaApi.register(pengujiPanitiaRoutes);
          await panitiaApi.register(authPanitiaRoutes);
          await panitiaApi.register(organisasiPanitiaRoutes);
          await panitiaApi.register(siswaPanitiaRoutes);
          await panitiaApi.register(soalPanitiaRoutes);
          await panitiaApi.register(progresPanitiaRoutes);
          await panitiaApi.register(rekapPanitiaRoutes);
          await panitiaApi.register(koreksiPanitiaRoutes);
          await panitiaApi.register(sahkanPanitiaRoutes);
          await panitiaApi.register(liveRoutes);
          await panitiaApi.register(documentsRoutes);
          await panitiaApi.register(sambungkanRoutes);
          await panitiaApi.register(backupPanitiaRoutes);
          await panitiaApi.register(waPanitiaRoutes);
          await panitiaApi.register(tautanWaPanitiaRoutes);
          await panitiaApi.register(demoPanitiaRoutes);
        });
      });
      await api.register(audioRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(imgRoutes);
  await app.register(pasangSertifikatRoutes);
  await app.register(metricsRoutes);
  await app.register(staticWebPlugin, { root: config.webDist });
  startMaintenance(app);
  startBackupSchedule(app);
  const oldBackups = oldBackupsNote(config.backup.dir, config.dataDir);
  if (oldBackups) app.log.warn(oldBackups);
  if (config.databaseNote) app.log.warn(config.databaseNote);
  return app;
}
