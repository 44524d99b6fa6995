import { z } from 'zod';
import { ConfigError } from './env';

// The venue laptop's own settings, shared with deploy/Caddyfile and the venue launcher: where Caddy
// is and which ports it listens on. Kept apart from loadConfig because the server never reads
// them; read here, beside config/env.ts, and nowhere else (docs/decisions/131).

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} harus berupa angka` })
    .int({ error: `${name} harus bilangan bulat` })
    .min(1, { error: `${name} 1 sampai 65535` })
    .max(65_535, { error: `${name} 1 sampai 65535` });

const VenueEnvSchema = z.object({
  UKT_CADDY: z.string().min(1).optional(),
  UKT_HTTP_PORT: port('UKT_HTTP_PORT').default(80),
  UKT_HTTPS_PORT: port('UKT_HTTPS_PORT').default(443),
  PATH: z.string().default(''),
});

/** Where Caddy is and the ports it takes. */
export interface VenueEnv {
  /** UKT_CADDY: Caddy's program file; undefined to look for `caddy` on the PATH. */
  caddy: string | undefined;
  httpPort: number;
  httpsPort: number;
  /** The PATH Caddy is looked for on. */
  pathVariable: string;
}

/** Reads and validates the venue variables; throws ConfigError naming each bad one. */
export function loadVenueEnv(env: NodeJS.ProcessEnv = process.env): VenueEnv {
  // Windows spells it Path; process.env answers either, a copied object only its own spelling.
  const parsed = VenueEnvSchema.safeParse({ ...env, PATH: env.PATH ?? env.Path });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Konfigurasi tidak valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return { caddy: e.UKT_CADDY, httpPort: e.UKT_HTTP_PORT, httpsPort: e.UKT_HTTPS_PORT, pathVariable: e.PATH };
}
