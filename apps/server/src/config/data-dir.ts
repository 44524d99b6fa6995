import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './env';

/**
 * Makes sure DATA_DIR exists and takes files (uploads, photos, the secret) before the server
 * starts, rather than failing at the first upload; a ConfigError's one line says what to do
 * (docs/decisions/019). Writing a file is the only test that also holds for root and read-only disks.
 */
export function ensureDataDir(dir: string): void {
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ConfigError(
      `DATA_DIR ${dir} tidak dapat ditulis${typeof code === 'string' ? ` (${code})` : ''}: periksa izin folder atau pilih folder lain dengan DATA_DIR.`,
      { cause: error },
    );
  }
}
