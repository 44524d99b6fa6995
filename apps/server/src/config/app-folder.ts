import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root package.json's name, which marks the app's own folder. */
const APP_PACKAGE = 'ukt-penguji';

/**
 * The app's own folder (the root package.json, "ukt-penguji"), found upward from this module in
 * src/ through tsx and in the bundled dist/ alike, whatever folder the command was typed in:
 * ukt.env and a downloaded Caddy sit there. Undefined when the app is not inside its folder.
 */
export function appFolder(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === APP_PACKAGE) return dir;
    } catch {
      // no package.json here, or not JSON: one level up
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
