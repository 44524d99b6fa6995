import { z } from 'zod';
import { ConfigError } from './env';

// The launcher's own settings (`npm run venue`), shared with deploy/Caddyfile: the name phones open,
// where Caddy is, the ports and address it listens on. Kept apart from loadConfig because the server
// never reads them; read here, beside config/env.ts, and nowhere else (docs/decisions/131, 171).

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} harus berupa angka` })
    .int({ error: `${name} harus bilangan bulat` })
    .min(1, { error: `${name} 1 sampai 65535` })
    .max(65_535, { error: `${name} 1 sampai 65535` });

/** An empty value counts as unset, as the launcher always treated UKT_HOST, UKT_BIND and BACKUP_DIR. */
const text = z
  .string()
  .optional()
  .transform((v) => v || undefined);

const LauncherEnvSchema = z.object({
  UKT_CADDY: z.string().min(1).optional(),
  UKT_HTTP_PORT: port('UKT_HTTP_PORT').default(80),
  UKT_HTTPS_PORT: port('UKT_HTTPS_PORT').default(443),
  PATH: z.string().default(''),
  UKT_HOST: text,
  UKT_BIND: text,
  UKT_CADDY_DATA: text,
  BACKUP_DIR: text,
});

/** Where Caddy is, the ports and address it takes, and the name it serves. */
export interface LauncherEnv {
  /** UKT_CADDY: Caddy's program file; undefined to look for `caddy` on the PATH. */
  caddy: string | undefined;
  httpPort: number;
  httpsPort: number;
  /** The PATH Caddy is looked for on. */
  pathVariable: string;
  /** UKT_HOST: the name remembered from the last start (ukt.lan), when none is typed. */
  host: string | undefined;
  /** UKT_BIND: the one address Caddy listens on; undefined for every address of the laptop. */
  bind: string | undefined;
  /** UKT_CADDY_DATA: Caddy's data folder of a set-up made with the earlier guide, when set. */
  earlierCaddyData: string | undefined;
  /** Whether BACKUP_DIR is set (loadConfig resolves it); unset, the launcher picks DATA_DIR/cadangan. */
  backupDirSet: boolean;
}

/** Reads and validates the launcher's variables; throws ConfigError naming each bad one. */
export function loadLauncherEnv(env: NodeJS.ProcessEnv = process.env): LauncherEnv {
  // Windows spells it Path; process.env answers either, a copied object only its own spelling.
  const parsed = LauncherEnvSchema.safeParse({ ...env, PATH: env.PATH ?? env.Path });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Konfigurasi tidak valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    caddy: e.UKT_CADDY,
    httpPort: e.UKT_HTTP_PORT,
    httpsPort: e.UKT_HTTPS_PORT,
    pathVariable: e.PATH,
    host: e.UKT_HOST,
    bind: e.UKT_BIND,
    earlierCaddyData: e.UKT_CADDY_DATA,
    backupDirSet: e.BACKUP_DIR !== undefined,
  };
}
