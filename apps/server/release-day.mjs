// The day this version was made, which build.mjs writes into the bundle as __UKT_RELEASE_DAY__
// (src/lib/release-day.ts, docs/decisions/172): the day of the source's last commit; in a downloaded
// copy without git, the newest file time of the source, which the archive keeps from that commit.
// Never this machine's clock: the launcher builds on the venue laptop, whose clock is what the day
// is checked against.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The release day (YYYY-MM-DD) of the source in `serverDir` (apps/server). */
export function sourceReleaseDay(serverDir) {
  try {
    const day = execFileSync('git', ['log', '-1', '--format=%cs'], {
      cwd: serverDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  } catch {
    // not a git checkout
  }
  let newest = 0;
  const src = join(serverDir, 'src');
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return new Date(newest).toISOString().slice(0, 10);
}
