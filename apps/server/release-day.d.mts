/** The release day (YYYY-MM-DD) of the source in `serverDir` (apps/server): see release-day.mjs. */
export function sourceReleaseDay(serverDir: string): string;
