import { ConfigError, loadConfig } from '../config/env';
import { applySettingsFile } from '../config/settings-file';
import { runCli } from './run';

// The committee command line (DESIGN §6): `npm run ukt -- <command>`.
try {
  // `atur` may create the file UKT_ENV_FILE names; every other command needs it to exist.
  applySettingsFile(process.env, { mayBeMissing: process.argv[2] === 'atur' });
  const code = await runCli(process.argv.slice(2), loadConfig(), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exitCode = code;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
