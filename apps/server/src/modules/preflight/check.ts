// One line of the venue pre-flight check (docs/decisions/131): what was looked at, how it went, and
// for a warning or a failure what the volunteer does about it, in Indonesian.

/** How a check went: true passed, 'warn' may work but deserves a look, false will fail phones. */
export type CheckResult = boolean | 'warn';

/** One check of `ukt periksa`. */
export interface Check {
  /** Stable name for a launcher or a test: 'port-80', 'nama', 'caddy' … */
  id: string;
  ok: CheckResult;
  /** What was checked, one short line. */
  judul: string;
  /** What was found. */
  pesan: string;
  /** What to do, for a warning or a failure; may hold several lines. */
  saran?: string;
  /**
   * A failure the venue launcher starts anyway, shown there as a warning: phones cannot use the app
   * yet, but the committee can prepare it on the laptop (a name the router does not know yet).
   */
  launcherStarts?: true;
}

/** A check that passed. */
export const passed = (id: string, judul: string, pesan: string): Check => ({ id, ok: true, judul, pesan });

/** A check that may work but deserves a look. */
export const warned = (id: string, judul: string, pesan: string, saran: string): Check => ({
  id,
  ok: 'warn',
  judul,
  pesan,
  saran,
});

/** A check that failed. */
export const failed = (id: string, judul: string, pesan: string, saran: string): Check => ({
  id,
  ok: false,
  judul,
  pesan,
  saran,
});

/** The code of a Node error (EADDRINUSE, ENOENT …), or undefined. */
export function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A day on the laptop's calendar, YYYY-MM-DD. */
export const localDay = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

/** A moment as the volunteer reads it on the laptop: YYYY-MM-DD HH:MM, local time. */
export const localTime = (d: Date) => `${localDay(d)} ${two(d.getHours())}:${two(d.getMinutes())}`;
