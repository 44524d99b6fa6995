import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

// OTP_DELIVERY=file (the venue launcher's way of showing codes in its window) keeps a code in
// plain text only while it works (docs/decisions/157): each write, and each start, rewrites the
// file without the lines older than a code's life, and a timer takes the last ones out when they
// end. The rewrite goes through a work file and a rename, so a reader sees the old file or the new
// one, never half of one. The backup leaves the file out (backup-files.ts).

/** One line of the file: the message and when it was written. */
export interface LoginCodeLine {
  to: string;
  code: string;
  text: string;
  at: string;
}

/** When a line was written (ms), or NaN for a line that is not one of ours. */
function writtenAt(line: string): number {
  try {
    const { at } = JSON.parse(line) as { at?: unknown };
    return typeof at === 'string' ? Date.parse(at) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The lines of `text` whose code still works at `now`. */
export function liveLines(text: string, now: number, lifeMs: number): string[] {
  return text.split('\n').filter((line) => {
    const at = writtenAt(line);
    return Number.isFinite(at) && now - at < lifeMs;
  });
}

/** The login-code file: `append` writes a message; every write and the start drop codes past their life. */
export interface LoginCodeFile {
  append(line: LoginCodeLine): Promise<void>;
  /** Drops the lines past their life now (also run at creation). */
  prune(): Promise<void>;
}

/** Opens the login-code `file` for codes that work `lifeMs`; `now` is the clock. */
export function openLoginCodeFile(file: string, lifeMs: number, now: () => number = Date.now): LoginCodeFile {
  const work = join(dirname(file), `.sementara-${basename(file)}-${process.pid}`);
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const rewrite = async (extra?: string) => {
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      if (extra === undefined) return;
    }
    const lines = liveLines(text, now(), lifeMs);
    if (extra !== undefined) lines.push(extra);
    const next = lines.length ? `${lines.join('\n')}\n` : '';
    if (next !== text) {
      await mkdir(dirname(file), { recursive: true });
      try {
        await writeFile(work, next, { mode: 0o600 });
        await rename(work, file);
      } catch (error) {
        await rm(work, { force: true });
        throw error;
      }
    }
    // The last codes leave the file when they end, even if no other code is asked for.
    if (timer) clearTimeout(timer);
    timer = undefined;
    const oldest = Math.min(...lines.map(writtenAt));
    if (lines.length) {
      timer = setTimeout(() => void run(), Math.max(0, oldest + lifeMs - now()) + 1_000);
      timer.unref();
    }
  };
  /** One rewrite at a time, in order; a failed one does not stop the next. */
  const run = (extra?: string) => {
    const done = queue.then(() => rewrite(extra));
    queue = done.catch(() => {});
    return done;
  };

  const codeFile: LoginCodeFile = {
    append: (line) => run(JSON.stringify(line)),
    prune: () => run(),
  };
  return codeFile;
}
