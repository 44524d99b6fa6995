import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

// A log file that never grows past a size: at the limit it becomes NAME.1 (NAME.1 becomes NAME.2 …)
// and the oldest is dropped, so a season of venue days cannot fill a laptop's disk
// (docs/decisions/163). Appended to across restarts; rotated on open too.

/** The size at which a log file is set aside. */
export const LOG_MAX_BYTES = 10 * 1024 * 1024;
/** How many set-aside files are kept beside the current one (NAME.1 … NAME.5). */
export const LOG_KEEP = 5;

/** A log file open for appending. */
export interface RotatingLog {
  write(chunk: Buffer | string): void;
  end(): void;
}

/** Opens `file` for appending, rotating it whenever it would pass `maxBytes`. */
export function openRotatingLog(
  file: string,
  { maxBytes = LOG_MAX_BYTES, keep = LOG_KEEP }: { maxBytes?: number; keep?: number } = {},
): RotatingLog {
  mkdirSync(dirname(file), { recursive: true });
  let fd: number | undefined;
  let size = 0;
  let ended = false;

  const open = () => {
    fd = openSync(file, 'a', 0o600);
    size = fstatSync(fd).size;
  };
  const rotate = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    rmSync(`${file}.${keep}`, { force: true });
    for (let n = keep - 1; n >= 0; n--) {
      const from = n === 0 ? file : `${file}.${n}`;
      try {
        renameSync(from, `${file}.${n + 1}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    open();
  };

  const drop = () => {
    const was = fd;
    fd = undefined;
    try {
      if (was !== undefined) closeSync(was);
    } catch {
      // Already unusable: nothing more to release.
    }
  };
  // A log that cannot be written (a full disk, a folder removed) must not stop what it records:
  // the line is lost and the next write tries again.
  const attempt = (action: () => void) => {
    try {
      action();
    } catch {
      drop();
    }
  };

  attempt(() => {
    open();
    if (size >= maxBytes) rotate();
  });
  return {
    write(chunk) {
      if (ended) return;
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      attempt(() => {
        if (fd === undefined) open();
        if (size > 0 && size + data.length > maxBytes) rotate();
        if (fd === undefined) return;
        writeSync(fd, data);
        size += data.length;
      });
    },
    end() {
      ended = true;
      drop();
    },
  };
}
