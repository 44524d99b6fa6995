import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { runScheduledBackup } from '../../src/modules/backup/backup-schedule';

// The server as src/server.ts starts it, with the backup schedule's minute timer replaced by a
// signal: SIGUSR2 runs one look of the schedule now (runScheduledBackup, as the timer would) and
// logs `jadwal cadangan selesai` once it is done, so a test need not wait for the minute. The line
// goes through the app's logger, after what the look logged: pino writes to stdout on its own,
// behind console.log, so a console.log could arrive before the look's own lines (decision 179).

const config = loadConfig();
const { intervalMinutes } = config.backup;
config.backup.intervalMinutes = undefined;
const app = await buildApp(config);
config.backup.intervalMinutes = intervalMinutes;
process.on('SIGUSR2', () => {
  void runScheduledBackup(app).then(() => app.log.info('jadwal cadangan selesai'));
});
await app.listen({ port: config.port, host: config.host });
