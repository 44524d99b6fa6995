import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The server key signs login links, sessions, card codes and certificate codes. UKT_SECRET when
// set, else DATA_DIR/secret.key, made on the first start. Every machine of one database must hold
// the same key: the database keeps its fingerprint, and db/database-secret.ts refuses a machine
// whose key differs or that has none (docs/decisions/159).

/** Where the key file of a data directory is. */
export const secretFile = (dataDir: string) => join(dataDir, 'secret.key');

/** The key file's text; a file another process has just created may still be empty for a moment. */
function readKeyFile(file: string): string {
  for (let i = 0; ; i++) {
    const text = readFileSync(file, 'utf8').trim();
    if (text || i === 50) return text;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

/** The key this machine already has (UKT_SECRET, else secret.key), or undefined: nothing is made. */
export function existingSecret(configured: string | undefined, dataDir: string): string | undefined {
  if (configured) return configured;
  const file = secretFile(dataDir);
  return existsSync(file) ? readKeyFile(file) : undefined;
}

/**
 * The key file of DATA_DIR, made now when there is none; `made` says this call wrote it (then it
 * may be removed again with forgetMadeSecret if the database turns out to have another key).
 */
export function ensureSecretFile(dataDir: string): { secret: string; made: boolean } {
  const file = secretFile(dataDir);
  if (existsSync(file)) return { secret: readKeyFile(file), made: false };
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  // 'wx' fails if another process created it first; then its value wins.
  try {
    writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return { secret, made: true };
  } catch {
    return { secret: readKeyFile(file), made: false };
  }
}

/** Removes a key file this process made a moment ago and never used. */
export function forgetMadeSecret(dataDir: string): void {
  rmSync(secretFile(dataDir), { force: true });
}

/**
 * The server secret: UKT_SECRET when set, else one generated on first start and kept in
 * DATA_DIR so codes and tokens stay valid across restarts and across processes sharing the directory.
 */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  return configured ?? ensureSecretFile(dataDir).secret;
}

/** The fixed text whose HMAC under the key is the key's fingerprint. */
const FINGERPRINT_LABEL = 'ukt-penguji/sidik-kunci/1';

/** The key's fingerprint as the database keeps it: an HMAC of a fixed label, from which the key cannot be found. */
export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update(FINGERPRINT_LABEL).digest('hex');
}
