import { fileURLToPath } from 'node:url';
import { sourceReleaseDay } from '../../release-day.mjs';

// The day this version of the app was made, which the pre-flight's clock check compares the laptop's
// clock against (docs/decisions/172). The build writes it into the bundle (build.mjs stamps
// __UKT_RELEASE_DAY__ with release-day.mjs), so a built app reads neither the laptop's clock, which
// may be the very thing that is wrong, nor a file's name. Run from source (tsx, tests), the same
// function gives it.

declare const __UKT_RELEASE_DAY__: string | undefined;

let fromSource: string | undefined;

/** The day this version was made (YYYY-MM-DD). */
export function releaseDay(): string {
  if (typeof __UKT_RELEASE_DAY__ === 'string') return __UKT_RELEASE_DAY__;
  fromSource ??= sourceReleaseDay(fileURLToPath(new URL('../../', import.meta.url)));
  return fromSource;
}
