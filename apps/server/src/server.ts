import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { publicUrlWarning } from './config/public-url';
import { applySettingsFile, describeApplied } from './config/settings-file';

// Entry point of `npm start`: listens, and shuts down gracefully so no acknowledged write is cut.
// With WORKERS above 1 it hands over to cluster.ts, whose processes each run this file again.

async function main(): Promise<void> {
  const settings = applySettingsFile();
  const config = loadConfig();
  if (cluster.isPrimary && (config.workers ?? 1) > 1) {
    await import('./cluster');
    return;
  }
  // src/server.ts (tsx) and dist/server.js (built) both sit one level under apps/server.
  config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp(config);
  // Once: the cluster's processes were started by a primary that said it already.
  if (cluster.isPrimary) app.log.info(describeApplied(settings));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} diterima, server berhenti…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const warning = publicUrlWarning(config.host, config.publicUrl);
  if (warning) app.log.warn(warning);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Server gagal dimulai:', error);
  }
  process.exit(1);
});
