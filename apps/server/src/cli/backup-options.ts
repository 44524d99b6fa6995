import type { Config } from '../config/env';
import { badRequest } from '../lib/errors';

/**
 * The passphrase of `backup` and `restore`: from the variable `--passphrase-env NAME` names, else
 * UKT_BACKUP_PASSPHRASE. Never asked for on a terminal: CI and services have none.
 */
export function passphraseOf(
  config: Config,
  envName: string | undefined,
  env = process.env,
): string | undefined {
  if (envName === undefined) return config.backup.passphrase;
  const value = env[envName];
  if (!value) throw badRequest(`--passphrase-env ${envName}: variabel ${envName} kosong atau tidak ada.`);
  if (value.length < 8) throw badRequest(`Kata sandi cadangan di ${envName} minimal 8 karakter.`);
  return value;
}
